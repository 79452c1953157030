import { DomainError } from "@lg/domain/errors";
import { NoticeService } from "@lg/domain/takedowns/notice-service";
import { CONFIRMATION_PROMPTS, defaultRecipientDirectory } from "@lg/notices";
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { InMemoryNotices, InMemoryPeople, profile, RecordingMail, sequentialId, threat, USER } from "./fakes.js";

const NOW = new Date("2026-11-21T08:00:00.000Z");
const ALL = Object.values(CONFIRMATION_PROMPTS);

let threats: InMemoryThreatRepository;
let notices: InMemoryNotices;
let people: InMemoryPeople;
let sender: RecordingMail;
let personMail: RecordingMail;
let service: NoticeService;

beforeEach(async () => {
  threats = new InMemoryThreatRepository();
  notices = new InMemoryNotices();
  people = new InMemoryPeople();
  sender = new RecordingMail();
  personMail = new RecordingMail();
  service = new NoticeService({
    threats,
    people,
    notices,
    sender,
    personMail,
    directory: defaultRecipientDirectory(),
    appUrl: "https://app.example.com",
    now: () => NOW,
    newId: sequentialId,
  });
  await threats.createIfAbsent(threat());
});

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

describe("NoticeService.generate", () => {
  it("returns the DMCA notice for a deepfake with the checkbox wording still to confirm, sending nothing", async () => {
    const draft = await service.generate(USER, threat().id);
    expect(draft.route).toBe("dmca");
    expect(draft.recipient).toMatch(/@/);
    expect(draft.requestContent).toContain("/Ada Moreno/");
    expect(draft.requestContent).toContain(threat().url);
    expect(draft.requiresConfirmation).toEqual([
      CONFIRMATION_PROMPTS.ownsWork,
      CONFIRMATION_PROMPTS.goodFaith,
      CONFIRMATION_PROMPTS.accurate,
    ]);
    expect(sender.sent).toHaveLength(0);
  });

  it("answers someone else's threat exactly like an unknown one", async () => {
    await threats.createIfAbsent(threat({ userId: "user-2", id: "foreign" }));
    const foreign = await refusal(service.generate(USER, "foreign"));
    const unknown = await refusal(service.generate(USER, "nope"));
    expect([foreign.kind, foreign.message]).toEqual(["not-found", "Threat not found"]);
    expect([unknown.kind, unknown.message]).toEqual(["not-found", "Threat not found"]);
  });
});

describe("NoticeService.send", () => {
  it("sends to the channel, stores a tracked notice and marks the threat takedown_requested", async () => {
    const outcome = await service.send(USER, threat().id, { confirmations: ALL });
    expect(outcome).toMatchObject({ sent: true, route: "dmca" });
    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]?.to).toBe(outcome.recipient);
    expect(sender.sent[0]?.replyTo).toBe("ada.moreno@example.com");
    expect(sender.sent[0]?.html).toContain("<");
    const [stored] = [...notices.items.values()];
    expect(stored).toMatchObject({
      status: "sent",
      sentAt: NOW.toISOString(),
      deadlineAt: "2026-11-28T08:00:00.000Z",
      nextCheckAt: "2026-11-21T09:00:00.000Z",
      automatic: false,
    });
    expect((await threats.get(USER, threat().id))?.status).toBe("takedown_requested");
    expect(threats.audit.at(-1)).toMatchObject({ actor: "system", to: "takedown_requested" });
    expect(personMail.sent).toHaveLength(0);
  });

  it("refuses with 422 and sends nothing while a confirmation is missing", async () => {
    const error = await refusal(service.send(USER, threat().id, { confirmations: [CONFIRMATION_PROMPTS.ownsWork] }));
    expect(error.kind).toBe("unprocessable");
    expect(sender.sent).toHaveLength(0);
    expect(notices.items.size).toBe(0);
    expect((await threats.get(USER, threat().id))?.status).toBe("active");
  });

  it("refuses a removed threat with a conflict", async () => {
    await threats.createIfAbsent(threat({ id: "gone", status: "removed" }));
    expect((await refusal(service.send(USER, "gone", { confirmations: ALL }))).kind).toBe("conflict");
    expect(sender.sent).toHaveLength(0);
  });

  it("hands back the form and text for a web-form channel instead of sending", async () => {
    await threats.createIfAbsent(threat({ id: "ig", platform: "instagram" }));
    const outcome = await service.send(USER, "ig", { confirmations: ALL });
    expect(outcome).toMatchObject({ sent: false });
    if (outcome.sent) throw new Error("unexpected");
    expect(outcome.formUrl).toMatch(/^https:\/\//);
    expect(outcome.requestContent).toContain("/Ada Moreno/");
    expect(sender.sent).toHaveLength(0);
    expect((await threats.get(USER, "ig"))?.status).toBe("active");
  });

  it("sends automatically on the standing statement and mails the person a copy", async () => {
    people.person = profile({ membershipTier: "professional", autoTakedown: true });
    expect(await service.autoTakedownAllowed(USER, threat().id)).toBe(true);
    const outcome = await service.send(USER, threat().id, { confirmations: [], automatic: true });
    expect(outcome.sent).toBe(true);
    expect(personMail.sent).toHaveLength(1);
    expect(personMail.sent[0]?.to).toBe("ada.moreno@example.com");
    expect(personMail.sent[0]?.subject).toMatch(/^Sent for you:/);
    expect(personMail.sent[0]?.text).toContain(sender.sent[0]?.text);
  });

  it("does not allow automatic takedown for a personal tier or a setting turned off", async () => {
    people.person = profile({ membershipTier: "personal", autoTakedown: true });
    expect(await service.autoTakedownAllowed(USER, threat().id)).toBe(false);
    people.person = profile({ membershipTier: "enterprise", autoTakedown: false });
    expect(await service.autoTakedownAllowed(USER, threat().id)).toBe(false);
  });
});
