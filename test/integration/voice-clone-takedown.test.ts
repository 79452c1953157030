import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { loadScenario, scanClients } from "../support/scan-run.js";
import { checkOut } from "./billing-client.js";
import { eventually } from "./local-clients.js";
import { signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const mediaDir = stack.env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data");

const call = (route: string, cookie: string, init: { method?: string; json?: unknown; body?: FormData } = {}) =>
  fetch(`${stack.url}${route}`, {
    method: init.method ?? (init.json === undefined && init.body === undefined ? "GET" : "POST"),
    headers: { cookie, ...(init.json === undefined ? {} : { "content-type": "application/json" }) },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    ...(init.body ? { body: init.body } : {}),
  });

describe("a voice recorded in the onboarding", () => {
  it("is a live capture, so the clones a scan then finds can be taken down in the person's name", async () => {
    const scenario = await loadScenario(stack.env);
    const person = await signUp(stack.url, "voice-clone");
    const consent = (await (await call("/api/consent", person.cookie)).json()) as { version: string };
    await call("/api/consent", person.cookie, { json: { version: consent.version, agree: true } });
    const [first = "", ...rest] = scenario.persona.displayName.split(" ");
    const setup = await call("/api/profile", person.cookie, {
      method: "PUT",
      json: {
        firstName: first,
        lastName: rest.join(" "),
        dateOfBirth: "1990-04-02",
        phone: "+14155550123",
        address: "12 Harbor Street",
        city: "San Francisco",
        country: "US",
      },
    });
    expect(setup.status).toBe(200);

    // What the onboarding's voice step sends: the recording alone, to the live-capture endpoint. It
    // is kept but not verified: only the live check's phrase verifies a voice (issue 35 item 2).
    const form = new FormData();
    const wav = await readFile(path.join(mediaDir, scenario.persona.voiceEnrolment));
    form.append("voiceRecording", new Blob([wav], { type: "audio/wav" }), "voice.wav");
    const captured = await call("/api/biometric-training", person.cookie, { body: form });
    expect(captured.status).toBe(200);
    expect(await captured.json()).toMatchObject({ faces: 0, voice: true, verified: false });
    // The persona's recording is marked as a live check whose phrase it said would mark it (the
    // recording is a fixed file, so it cannot say a phrase drawn now); the phrase rule itself runs in
    // live-check-voice.test.ts.
    const { accounts } = scanClients(stack.env);
    const voices = (await accounts.listSamples(person.userId)).filter((s) => s.modality === "voice");
    expect(voices.map((s) => s.verified)).toEqual([false]);
    for (const sample of voices) await accounts.putSample({ ...sample, verified: true, verifiedBy: "live-check" });

    // Voices are found on Professional's audio platforms.
    expect((await checkOut(stack.url, person.cookie, "professional")).status).toBe(303);
    const prefs = await call("/api/scan-preferences", person.cookie, {
      json: { platforms: ["telegram", "discord"], scanFrequency: "daily", alertSensitivity: "high" },
    });
    expect(prefs.status).toBe(200);
    expect((await call("/api/scan/force", person.cookie, { json: {} })).status).toBe(202);
    await eventually(async () => {
      const status = (await (await call("/api/scan/status", person.cookie)).json()) as { status?: string };
      return status.status === "running" || !status.status ? undefined : status;
    }, 300_000);

    const listed = (await (await call("/api/threats", person.cookie)).json()) as
      | { id: string; threatType: string }[]
      | { items: { id: string; threatType: string }[] };
    const clones = (Array.isArray(listed) ? listed : listed.items).filter((t) => t.threatType === "voice_clone");
    expect(clones.length).toBeGreaterThan(0);
    const drafts: { threatId: string; requiresConfirmation: string[] }[] = [];
    for (const clone of clones) {
      const notice = await call("/api/dmca", person.cookie, { json: { threatId: clone.id } });
      // Never "Your voice is enrolled but not verified" for a voice recorded live in the product.
      const text = await notice.text();
      expect(`${notice.status} ${text}`).toMatch(/^200 /);
      drafts.push({ threatId: clone.id, ...(JSON.parse(text) as { requiresConfirmation: string[] }) });
    }
    // Taken down: the notice leaves (by email, or as a filing the person completes on a web form).
    const [draft] = drafts;
    const sent = await call("/api/dmca/send", person.cookie, {
      json: { threatId: draft?.threatId, confirmations: draft?.requiresConfirmation },
    });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { state: string }).state).toMatch(/^(sent|filing_needed)$/);
  }, 600_000);
});
