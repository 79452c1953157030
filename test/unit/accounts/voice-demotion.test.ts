import {
  isServerVerified,
  REVERIFY_VOICE_MESSAGE,
  voiceVerificationPredatesPhrase,
} from "@lg/domain/biometrics/enrolment-verification";
import { type LapsingSampleStore, LiveCheckDemotion } from "@lg/domain/biometrics/live-check-demotion";
import { REVERIFY_VOICE_SUBJECT, type SentMessages, tellLapsedFaceOwners } from "@lg/domain/biometrics/reverify-notice";
import type { BiometricSampleRecord } from "@lg/domain/records";
import { lapsedFaceMatchRevision } from "@lg/domain/threats/match-reverification";
import { describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { sayingPhrase, wav } from "./fakes.js";
import { accountWorld } from "./world.js";

type Facts = Parameters<typeof voiceVerificationPredatesPhrase>[0];
const voice = (facts: Partial<Facts>): Facts => ({
  modality: "voice",
  source: "live-capture",
  verified: true,
  ...facts,
});

describe("voices verified before the live check's spoken phrase", () => {
  it.each([
    [
      "a recording posted as a live capture, verified without a phrase",
      voice({ verifiedBy: "server-checked-capture" }),
      true,
    ],
    [
      "an upload vouched for by such a recording",
      voice({ source: "upload", verifiedBy: "matches-server-checked-capture" }),
      true,
    ],
    ["a live recording stored before verifiedBy existed", voice({}), true],
    ["a voice that said the live check's phrase", voice({ verifiedBy: "live-check" }), false],
    ["a recording vouched for by one", voice({ source: "upload", verifiedBy: "matches-live-check" }), false],
    ["an unverified upload", voice({ source: "upload", verified: false }), false],
    [
      "a face (the face demotion's rule)",
      { ...voice({ verifiedBy: "server-checked-capture" }), modality: "face" as const },
      false,
    ],
  ])("%s: demoted %s", (_what, sample, demoted) => {
    expect(voiceVerificationPredatesPhrase(sample)).toBe(demoted);
  });

  it("demotes them, keeps the recordings, blocks notices on voice matches, tells the person once, and one live check with the phrase verifies them again", async () => {
    const w = accountWorld();
    const { userId } = await w.member("ada@example.com");
    // Enrolled before the phrase existed: a recording alone, then verified as the old check did.
    await w.enrolment.enrolLiveCapture(userId, "session", async () => ({ frames: [], voice: wav("ok;speaker=1") }));
    for (const sample of await w.store.listSamples(userId)) {
      await w.store.putSample({
        ...sample,
        verified: true,
        verifiedBy: "server-checked-capture",
      } as BiometricSampleRecord);
    }
    expect((await w.profiles.get(userId)).likenessEnrolment.voice.verified).toBe(true);

    const store: LapsingSampleStore = {
      lapse: async (_read, lapsed) => {
        await w.store.putSample(lapsed);
        return true;
      },
    };
    const threats = new InMemoryThreatRepository();
    const demotion = new LiveCheckDemotion({
      samples: w.samples,
      store,
      threats,
      people: { listProtections: async () => [] },
      gallery: w.gallery,
      now: () => w.clock.now,
      modality: "voice",
    });
    expect(await demotion.demote(userId)).toMatchObject({ demoted: 1, changed: 0 });
    expect(await demotion.demote(userId)).toMatchObject({ demoted: 0 });
    const [kept] = await w.store.listSamples(userId);
    expect(kept).toMatchObject({ modality: "voice", verified: false, verificationLapsed: "predates-live-check" });
    expect(isServerVerified(kept as BiometricSampleRecord)).toBe(false);
    expect((await w.profiles.get(userId)).likenessEnrolment.voice).toMatchObject({
      verified: false,
      noticesBlocked: true,
      reverifyNeeded: true,
      restriction: REVERIFY_VOICE_MESSAGE,
    });

    const sent = new Map<string, string>();
    const messages: SentMessages = {
      wasSent: async (id) => sent.has(id),
      markSent: async (id, channel) => void sent.set(id, channel),
    };
    const emails: { subject: string; text: string }[] = [];
    const tell = () =>
      tellLapsedFaceOwners({
        owners: {
          userIds: async function* () {
            yield userId;
          },
        },
        samples: w.samples,
        profiles: { getProfile: async () => ({ email: "ada@example.com" }) as never },
        channels: { email: async (m) => void emails.push(m), sms: async () => {} },
        sent: messages,
        appUrl: "https://app.example/",
        now: () => w.clock.now,
        modality: "voice",
      });
    expect(await tell()).toMatchObject({ told: 1 });
    expect(await tell()).toMatchObject({ told: 0, skipped: 1 });
    expect(emails).toEqual([
      {
        to: "ada@example.com",
        subject: REVERIFY_VOICE_SUBJECT,
        text: `${REVERIFY_VOICE_MESSAGE}\n\nTake the live check here: https://app.example/biometric-training`,
      },
    ]);

    // The same voice saying the live check's phrase verifies it and the kept recording again.
    expect(await w.liveCapture(userId, 1, { voice: sayingPhrase(1) })).toMatchObject({ voiceVerified: true });
    expect((await w.store.listSamples(userId)).filter((s) => s.modality === "voice").every((s) => s.verified)).toBe(
      true,
    );
    expect((await w.profiles.get(userId)).likenessEnrolment.voice).toMatchObject({
      verified: true,
      noticesBlocked: false,
    });
  });

  it("marks a voice match resting on a lapsed voice unverified, leaving the face match alone", () => {
    const detection = {
      face: { personId: "self", confidence: 90, enrolment: "verified" },
      voice: { personId: "self", confidence: 88, enrolment: "verified" },
    };
    // The threat is typed by its face match, which the voice's demotion leaves alone.
    const classification = threatClassification("likeness_misuse", { confidence: 90, enrolment: "verified" });
    const revised = lapsedFaceMatchRevision({ detection, classification }, "voice");
    expect(revised?.classification).toEqual(classification);
    expect(revised?.detection).toEqual({
      face: detection.face,
      voice: { ...detection.voice, enrolment: "unverified", lapsed: "predates-live-check" },
    });
  });
});
