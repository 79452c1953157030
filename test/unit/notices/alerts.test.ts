import {
  type AlertThreat,
  isCritical,
  isDigestDue,
  planAlerts,
  renderAlertEmail,
  renderAlertSms,
  renderDigestEmail,
  renderDigestPush,
  renderPushPayload,
  SENSITIVITY_THRESHOLDS,
  sensitivityLabel,
} from "@lg/notices";
import { describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { EVIDENCE_SHA256, MEDIA_SHA256, threat } from "./fixtures.js";

const APP = "https://app.likenessguard.example";

describe("sensitivity", () => {
  it("is one definition: high 90%+, medium 70%+, low 50%+", () => {
    expect(SENSITIVITY_THRESHOLDS).toEqual({ high: 90, medium: 70, low: 50 });
    expect(sensitivityLabel("medium")).toBe("70%+ match confidence");
  });
});

describe("isCritical", () => {
  it("is synthetic media with strong evidence at 90%+, or intimate imagery at 50%+; never a genuine re-upload", () => {
    expect(isCritical(threat({ threatType: "deepfake", confidence: 90 }))).toBe(true);
    expect(isCritical(threat({ threatType: "voice_clone", confidence: 95 }))).toBe(true);
    expect(isCritical(threat({ threatType: "deepfake", confidence: 89.9 }))).toBe(false);
    expect(isCritical(threat({ threatType: "impersonation", confidence: 99 }))).toBe(false);
    const intimate = (confidence: number) =>
      threat({ confidence, classification: threatClassification("intimate_imagery", { confidence }) });
    expect(isCritical(intimate(55))).toBe(true);
    expect(isCritical(intimate(49))).toBe(false);
    const genuine = { synthetic: "no-synthetic-evidence", syntheticScore: 0.1, face: { confidence: 99 } };
    expect(
      isCritical(
        threat({
          threatType: "likeness_misuse",
          confidence: 99,
          detection: genuine,
          classification: threatClassification("likeness_misuse", { confidence: 99 }),
        }),
      ),
    ).toBe(false);
    // A learned detector's "synthetic" is critical only when its stated false-positive rate is low.
    const learned = (falsePositiveRate: number) =>
      threat({
        confidence: 95,
        detection: {
          synthetic: "synthetic",
          syntheticScore: 0.9,
          face: { confidence: 95 },
          signals: [
            {
              id: "ai-image",
              status: "present",
              operatingPoint: { threshold: 0.5, falsePositiveRate, truePositiveRate: 0.8, measuredOn: "dev" },
            },
          ],
        },
        classification: threatClassification("likeness_misuse", {
          confidence: 95,
          syntheticDetector: { id: "ai-image", falsePositiveRate },
        }),
      });
    expect(isCritical(learned(0.2))).toBe(false);
  });
});

describe("planAlerts", () => {
  const sensitivities = ["high", "medium", "low"] as const;
  const frequencies = ["immediate", "daily", "weekly"] as const;
  const confidences = [95, 80, 60, 40];

  it("follows every channel, frequency and sensitivity combination", () => {
    for (const sensitivity of sensitivities)
      for (const frequency of frequencies)
        for (const email of [true, false])
          for (const push of [true, false])
            for (const sms of [true, false])
              for (const confidence of confidences)
                for (const threatType of ["deepfake", "impersonation"] as const) {
                  const t = threat({ confidence, threatType, detection: {} });
                  const planned = planAlerts(t, { email, push, sms, frequency, sensitivity });
                  const alerted = confidence >= SENSITIVITY_THRESHOLDS[sensitivity];
                  const when = frequency === "immediate" ? "now" : "digest";
                  const expected = alerted
                    ? [
                        ...(email ? [{ channel: "email", when }] : []),
                        ...(push ? [{ channel: "push", when }] : []),
                        ...(sms && isCritical(t) ? [{ channel: "sms", when: "now" }] : []),
                      ]
                    : [];
                  expect(
                    planned,
                    JSON.stringify({ sensitivity, frequency, email, push, sms, confidence, threatType }),
                  ).toEqual(expected);
                }
  });

  it("sends SMS only for critical threats", () => {
    const settings = { email: false, push: false, sms: true, frequency: "immediate", sensitivity: "low" };
    expect(planAlerts(threat({ threatType: "impersonation", confidence: 99 }), settings)).toEqual([]);
    expect(planAlerts(threat({ confidence: 96 }), settings)).toEqual([{ channel: "sms", when: "now" }]);
  });

  it("uses the spec's defaults when settings are empty or malformed: email and push, immediate, high", () => {
    const expected = [
      { channel: "email", when: "now" },
      { channel: "push", when: "now" },
    ];
    expect(planAlerts(threat({ confidence: 91 }), {})).toEqual(expected);
    expect(planAlerts(threat({ confidence: 91 }), { sensitivity: "extreme", frequency: 3, other: "kept" })).toEqual(
      expected,
    );
    expect(planAlerts(threat({ confidence: 85 }), undefined)).toEqual([]);
  });
});

const FORBIDDEN = [
  MEDIA_SHA256,
  EVIDENCE_SHA256,
  "a1b2c3d4e5f60718",
  "embedding",
  "0.87",
  "0.95",
  "fake123",
  "manifest",
];
function expectNoSensitiveData(text: string) {
  for (const needle of FORBIDDEN) expect(text).not.toContain(needle);
}

describe("alert messages", () => {
  const t: AlertThreat = threat({ title: "leaked clip", confidence: 93.4 });

  it("link to the threat in the app and carry no biometric, hash or content data", () => {
    const email = renderAlertEmail(t, `${APP}/`, "YouTube");
    const link = `${APP}/dashboard?threat=01JTHREAT0000000000000000A`;
    expect(email.subject).toBe("Critical: Deepfake detected on YouTube (strong match)");
    expect(email.text).toContain(link);
    expect(email.html).toContain(`href="${link}"`);
    const sms = renderAlertSms(t, APP, "YouTube");
    expect(sms).toContain(link);
    const push = renderPushPayload(t, APP, "YouTube");
    expect(push).toMatchObject({ title: "Critical threat detected", url: link, threatId: t.id });
    for (const text of [email.subject, email.text, email.html, sms, JSON.stringify(push)]) {
      expectNoSensitiveData(text);
      expect(text).not.toContain("leaked clip");
    }
  });

  it("keep the SMS within one 160-character segment for a typical threat", () => {
    expect(renderAlertSms(t, APP, "YouTube").length).toBeLessThanOrEqual(160);
  });

  it("roll queued threats into a daily or weekly digest", () => {
    const threats = [t, threat({ id: "01JTHREAT0000000000000000B", threatType: "voice_clone", platform: "tiktok" })];
    const digest = renderDigestEmail({
      frequency: "weekly",
      threats,
      appUrl: APP,
      platformName: (id) => id.toUpperCase(),
    });
    expect(digest.subject).toBe("Weekly LikenessGuard digest: 2 new threats");
    expect(digest.text).toContain("Voice clone on TIKTOK");
    expect(digest.text).toContain(`${APP}/dashboard?threat=01JTHREAT0000000000000000B`);
    expect(digest.html).toContain(`href="${APP}/dashboard?threat=01JTHREAT0000000000000000B"`);
    for (const text of [digest.text, digest.html]) expectNoSensitiveData(text);
    expect(renderDigestPush({ frequency: "daily", threats, appUrl: APP }).body).toBe("2 new threats today");
  });

  it("know when a digest is due", () => {
    const now = new Date("2026-11-22T08:00:00Z");
    expect(isDigestDue("daily", undefined, now)).toBe(true);
    expect(isDigestDue("daily", "2026-11-21T08:00:00Z", now)).toBe(true);
    expect(isDigestDue("daily", "2026-11-21T09:00:00Z", now)).toBe(false);
    expect(isDigestDue("weekly", "2026-11-16T08:00:00Z", now)).toBe(false);
    expect(isDigestDue("weekly", "2026-11-15T08:00:00Z", now)).toBe(true);
    expect(isDigestDue("immediate", undefined, now)).toBe(false);
  });
});
