import { DomainError } from "@lg/domain/errors";
import { AutomaticTakedown, type AutomaticTakedownDeps } from "@lg/domain/takedowns/automatic-takedown";
import type { AutomationOutcomeRecord, AutomationOutcomes } from "@lg/domain/takedowns/automation-outcome";
import { TakedownCentre } from "@lg/domain/takedowns/takedown-centre";
import { describe, expect, it } from "vitest";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { InMemoryNotices, threat, USER } from "./fakes.js";

const NOW = new Date("2026-11-26T09:00:00.000Z");

class InMemoryOutcomes implements AutomationOutcomes {
  readonly items = new Map<string, AutomationOutcomeRecord>();
  async put(o: AutomationOutcomeRecord) {
    this.items.set(`${o.userId}:${o.threatId}`, o);
  }
  async get(userId: string, threatId: string) {
    return this.items.get(`${userId}:${threatId}`) ?? null;
  }
  async list(userId: string) {
    return [...this.items.values()].filter((o) => o.userId === userId);
  }
}

type Notices = AutomaticTakedownDeps["notices"];
const draft = (route: string, kind: "email" | "web_form" | "none", url = "https://discord.example/report") =>
  ({ route, recipient: "abuse@platform.example", channel: { kind, url } }) as unknown as Awaited<
    ReturnType<Notices["generate"]>
  >;

async function world(notices: Partial<Notices>) {
  const threats = new InMemoryThreatRepository();
  const clone = threat({
    id: "t1",
    threatType: "voice_clone",
    title: "Cloned voice of you",
    platform: "telegram",
    url: "https://t.me/c/1",
  });
  await threats.createIfAbsent(clone);
  const outcomes = new InMemoryOutcomes();
  const automatic = new AutomaticTakedown({
    notices: {
      autoTakedownBlocker: async () => null,
      generate: async () => draft("platform_report", "email"),
      ...notices,
    },
    threats,
    outcomes,
    now: () => NOW,
  });
  const centre = new TakedownCentre({
    notices: new InMemoryNotices(),
    threats,
    automation: outcomes,
    now: () => NOW,
    newId: () => "n1",
  });
  return { automatic, outcomes, centre };
}

describe("an automatic takedown that sends nothing", () => {
  it("keeps why, with the likeness to verify, for the threat and the takedown centre to show", async () => {
    const w = await world({ autoTakedownBlocker: async () => ({ unverified: "voice" }) });
    expect(await w.automatic.prepare(USER, "t1", true)).toMatchObject({ proceed: false });
    const kept = await w.outcomes.get(USER, "t1");
    expect(kept).toMatchObject({ reason: "unverified-likeness", modality: "voice", platform: "telegram" });
    expect(kept?.detail).toContain("has not verified, so no notice goes out in your name");
    const listed = await w.centre.list(USER, { state: "open" });
    expect(listed.notSent).toEqual([expect.objectContaining({ threatId: "t1", reason: "unverified-likeness" })]);
  });

  it("says a basis or web form needs the person, and a platform without a channel needs them to send it", async () => {
    const form = await world({ generate: async () => draft("platform_report", "web_form") });
    await form.automatic.prepare(USER, "t1", true);
    expect((await form.outcomes.get(USER, "t1"))?.reason).toBe("needs-person");

    const none = await world({ generate: async () => draft("none", "none") });
    await none.automatic.prepare(USER, "t1", true);
    expect((await none.outcomes.get(USER, "t1"))?.detail).toContain("no address or form that takes notices");

    const refused = await world({
      generate: async () => {
        throw new DomainError("invalid", "Add your postal address in your profile: a DSA notice needs it.");
      },
    });
    expect(await refused.automatic.prepare(USER, "t1", true)).toMatchObject({ proceed: false });
    expect((await refused.outcomes.get(USER, "t1"))?.detail).toBe(
      "Automatic takedown sent nothing: Add your postal address in your profile: a DSA notice needs it.",
    );
  });

  it("names the actual obstacle: the platform's web form for a voice clone, the basis only the person can state for a copyright or intimate-imagery notice", async () => {
    const form = await world({ generate: async () => draft("platform_report", "web_form") });
    await form.automatic.prepare(USER, "t1", true);
    expect((await form.outcomes.get(USER, "t1"))?.detail).toBe(
      "Automatic takedown sent nothing: Telegram takes impersonation and privacy reports only through its web form (https://discord.example/report), which you fill in yourself. The notice is ready: review it and file it there.",
    );
    const dmca = await world({ generate: async () => draft("dmca", "email") });
    await dmca.automatic.prepare(USER, "t1", true);
    const dmcaDetail = (await dmca.outcomes.get(USER, "t1"))?.detail ?? "";
    expect(dmcaDetail).toContain("a copyright (DMCA) notice names an original you own");
    expect(dmcaDetail).not.toMatch(/web form|TAKE IT DOWN/);
    const intimate = await world({ generate: async () => draft("take_it_down", "web_form") });
    await intimate.automatic.prepare(USER, "t1", true);
    const both = (await intimate.outcomes.get(USER, "t1"))?.detail ?? "";
    expect(both).toContain("did not consent to this depiction");
    expect(both).toContain("Telegram takes TAKE IT DOWN requests only through its web form");
    expect(both).not.toContain("DMCA");
  });

  it("lists each not-sent threat in the takedown centre by its title", async () => {
    const w = await world({ generate: async () => draft("platform_report", "web_form") });
    await w.automatic.prepare(USER, "t1", true);
    const listed = await w.centre.list(USER, { state: "open" });
    expect(listed.notSent?.[0]).toMatchObject({ threatId: "t1", platform: "telegram" });
    expect(listed.notSent?.[0]?.threatTitle).toBe("Cloned voice of you");
  });

  it("keeps nothing when it goes, when it no longer applies, or for a run the person started", async () => {
    const goes = await world({});
    expect(await goes.automatic.prepare(USER, "t1", true)).toMatchObject({ proceed: true, route: "platform_report" });
    const gone = await world({ autoTakedownBlocker: async () => "not-applicable" });
    await gone.automatic.prepare(USER, "t1", true);
    const manual = await world({ generate: async () => draft("none", "none") });
    expect(await manual.automatic.prepare(USER, "t1", false)).toMatchObject({ proceed: false });
    for (const w of [goes, gone, manual]) expect(w.outcomes.items.size).toBe(0);
  });
});
