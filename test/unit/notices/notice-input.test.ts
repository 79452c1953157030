import { UserProfile } from "@lg/domain/table/entities";
import {
  composeNotice,
  defaultRecipientDirectory,
  IncompleteProfileError,
  noticeInputFromProfile,
  renderSentNoticeCopyEmail,
  renderTakedownOutcomeEmail,
  UnknownOriginalError,
} from "@lg/notices";
import { describe, expect, it } from "vitest";
import { noticeInput, threat } from "./fixtures.js";

const profile = UserProfile.schema.parse({
  userId: "user-1",
  email: "ada.moreno@example.com",
  firstName: "Ada",
  lastName: "Moreno",
  phone: "+1 415 555 0100",
  address: "12 Harbor Street",
  city: "San Francisco",
  country: "US",
  createdAt: "2026-09-01T00:00:00.000Z",
  updatedAt: "2026-09-01T00:00:00.000Z",
});
const samples = [
  { sampleId: "face-2", modality: "face" as const, createdAt: "2026-10-03T00:00:00.000Z" },
  { sampleId: "face-1", modality: "face" as const, createdAt: "2026-10-01T00:00:00.000Z" },
  { sampleId: "voice-1", modality: "voice" as const, createdAt: "2026-10-02T00:00:00.000Z" },
];
const base = { profile, samples, confirmations: {}, automatic: false, signedAt: "2026-11-21T08:00:00.000Z" };

describe("noticeInputFromProfile", () => {
  it("takes the person's identity from the profile and claims no original unless the person names one", () => {
    const input = noticeInputFromProfile({ ...base, threat: threat() });
    expect(input.person).toMatchObject({ firstName: "Ada", lastName: "Moreno", city: "San Francisco" });
    expect(input.signer).toEqual({ kind: "self", fullName: "Ada Moreno" });
    expect(input.copyrightClaim).toBeUndefined();
  });

  it("names the claimed original by its enrolled sample, only where the found media is a copy of it", () => {
    // A genuine re-post (no synthetic evidence) of the file enrolled as face-2.
    const repost = threat({ detection: { faceSimilarity: 0.87 }, threatType: "likeness_misuse" });
    const copied = samples.map((s) => (s.sampleId === "face-2" ? { ...s, mediaSha256: repost.mediaSha256 } : s));
    const photo = noticeInputFromProfile({
      ...base,
      samples: copied,
      threat: repost,
      copyrightClaim: { sampleId: "face-2" },
    });
    expect(photo.copyrightClaim).toEqual({
      modality: "photo",
      sampleId: "face-2",
      enrolledAt: "2026-10-03T00:00:00.000Z",
      match: "same-file",
    });
    // Another photo of the same face, and an unknown sample, are no original of this media.
    for (const sampleId of ["face-1", "nope"]) {
      expect(() =>
        noticeInputFromProfile({ ...base, samples: copied, threat: repost, copyrightClaim: { sampleId } }),
      ).toThrow(UnknownOriginalError);
    }
  });

  it("refuses (422) without a name or an email", () => {
    const nameless = { ...profile, firstName: undefined };
    expect(() => noticeInputFromProfile({ ...base, profile: nameless, threat: threat() })).toThrow(
      IncompleteProfileError,
    );
  });
});

describe("takedown outcome messages", () => {
  const notice = {
    threatId: "01JTHREAT0000000000000000A",
    route: "take_it_down" as const,
    platformName: "X (Twitter)",
  };
  const app = "https://app.example";

  it("tell the person how fast the content was removed", () => {
    const email = renderTakedownOutcomeEmail(
      { action: "removed", removedAt: "2026-11-21T13:30:00.000Z", timeToRemovalMs: 5.5 * 3_600_000 },
      notice,
      app,
    );
    expect(email.subject).toBe("Removed from X (Twitter)");
    expect(email.text).toContain("5.5 hours");
    expect(email.text).toContain(`${app}/dashboard?threat=01JTHREAT0000000000000000A`);
  });

  it("offer escalation suited to the route when the deadline passed", () => {
    const step = {
      action: "deadline_passed" as const,
      deadlineAt: "2026-11-23T08:00:00.000Z",
      lastCheck: { outcome: "present" as const, reason: "page_still_up" as const },
    };
    expect(renderTakedownOutcomeEmail(step, notice, app).text).toContain("Federal Trade Commission");
    expect(renderTakedownOutcomeEmail(step, { ...notice, route: "dsa_article_16" }, app).text).toContain("Article 20");
    expect(renderTakedownOutcomeEmail(step, { ...notice, route: "dmca" }, app).text).toContain("hosting provider");
  });

  it("send the person a copy of a notice sent automatically", () => {
    const sent = composeNotice(noticeInput({ automatic: true }), defaultRecipientDirectory());
    const copy = renderSentNoticeCopyEmail(sent, app);
    expect(copy.subject).toMatch(/^Sent for you: /);
    expect(copy.text).toContain("under penalty of perjury");
    expect(copy.html).toContain("under penalty of perjury");
  });
});
