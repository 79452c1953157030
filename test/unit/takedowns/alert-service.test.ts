import { AlertService } from "@lg/domain/takedowns/alert-service";
import { defaultRecipientDirectory } from "@lg/notices";
import { beforeEach, describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryAlerts, profile, RecordingMail, RecordingSms, sequentialId, threat } from "./fakes.js";

/** Synthetic media the file itself declares (C2PA): what makes a 95% match critical. */
const DECLARED_SYNTHETIC = {
  synthetic: "synthetic",
  syntheticScore: 0.99,
  signals: [{ id: "c2pa", status: "present", explanation: "trainedAlgorithmicMedia" }],
};

const declaredSynthetic = () =>
  threat({
    confidence: 95,
    detection: DECLARED_SYNTHETIC,
    classification: threatClassification("deepfake", { confidence: 95 }),
  });

const NOW = new Date("2026-11-21T08:00:00.000Z");
let alerts: InMemoryAlerts;
let email: RecordingMail;
let sms: RecordingSms;
let service: AlertService;

beforeEach(() => {
  alerts = new InMemoryAlerts();
  email = new RecordingMail();
  sms = new RecordingSms();
  service = new AlertService({
    alerts,
    email,
    sms,
    directory: defaultRecipientDirectory(),
    appUrl: "https://app.example.com",
    now: () => NOW,
    newId: sequentialId,
  });
});

const settings = (s: Record<string, unknown>) => profile({ notificationSettings: s });

describe("AlertService", () => {
  it("emails now and texts a critical threat when both are on and frequency is immediate", async () => {
    const stored = await service.alertNewThreat(
      settings({ email: true, sms: true, push: false, frequency: "immediate", sensitivity: "high" }),
      declaredSynthetic(),
    );
    expect(stored.map((a) => [a.channel, a.status])).toEqual([
      ["email", "sent"],
      ["sms", "sent"],
    ]);
    expect(email.sent[0]?.to).toBe("ada.moreno@example.com");
    expect(email.sent[0]?.subject).toMatch(/^Critical: Deepfake detected on Reddit/);
    expect(email.sent[0]?.html).toContain("dashboard?threat=");
    expect(sms.sent[0]).toMatchObject({ phoneNumber: "+14155550100" });
    expect([...alerts.items.values()]).toHaveLength(2);
  });

  it("sends no text for a threat that is not critical", async () => {
    await service.alertNewThreat(
      settings({ email: true, sms: true, push: false, sensitivity: "medium" }),
      threat({ threatType: "impersonation", confidence: 80 }),
    );
    expect(email.sent).toHaveLength(1);
    expect(sms.sent).toHaveLength(0);
  });

  it("texts a phone-only account by default, about every alerting threat, since a text is all that reaches it", async () => {
    const stored = await service.alertNewThreat(
      profile({ email: undefined, notificationSettings: {} }),
      threat({ threatType: "impersonation", confidence: 96 }),
    );
    expect(stored.map((a) => [a.channel, a.status])).toEqual([["sms", "sent"]]);
    expect(email.sent).toHaveLength(0);
    expect(sms.sent[0]).toMatchObject({ phoneNumber: "+14155550100" });
    expect(sms.sent[0]?.text).toMatch(/^LikenessGuard: Impersonation on Reddit \(strong match\)/);
  });

  it("keeps email the default, and texts for critical threats only, for an account with an email address", async () => {
    await service.alertNewThreat(settings({}), threat({ threatType: "impersonation", confidence: 96 }));
    expect(email.sent).toHaveLength(1);
    expect(sms.sent).toHaveLength(0);
  });

  it("queues email for the digest instead of sending it when the person chose daily", async () => {
    const stored = await service.alertNewThreat(
      settings({ email: true, push: false, frequency: "daily" }),
      declaredSynthetic(),
    );
    expect(stored.map((a) => [a.channel, a.status])).toEqual([["email", "queued"]]);
    expect(email.sent).toHaveLength(0);
  });

  it("raises nothing below the person's sensitivity", async () => {
    expect(await service.alertNewThreat(settings({ sensitivity: "high" }), threat({ confidence: 75 }))).toEqual([]);
    expect(email.sent).toHaveLength(0);
  });

  it("records a failed delivery and still tries the other channels", async () => {
    const failing = new AlertService({
      alerts,
      email: { send: async () => Promise.reject(new Error("SES throttled")) },
      sms,
      directory: defaultRecipientDirectory(),
      appUrl: "https://app.example.com",
      now: () => NOW,
      newId: sequentialId,
    });
    const stored = await failing.alertNewThreat(settings({ sms: true, push: false }), declaredSynthetic());
    expect(stored.map((a) => [a.channel, a.status])).toEqual([
      ["email", "failed"],
      ["sms", "sent"],
    ]);
  });
});
