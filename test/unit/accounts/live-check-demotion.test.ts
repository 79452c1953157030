import {
  faceVerificationPredatesLiveCheck,
  isServerVerified,
  RESCAN_AFTER_REVERIFY_MESSAGE,
  REVERIFY_FACE_MESSAGE,
  searchedInScans,
} from "@lg/domain/biometrics/enrolment-verification";
import { demoteEveryone, type LapsingSampleStore, LiveCheckDemotion } from "@lg/domain/biometrics/live-check-demotion";
import { REVERIFY_SUBJECT, type SentMessages, tellLapsedFaceOwners } from "@lg/domain/biometrics/reverify-notice";
import { DomainError } from "@lg/domain/errors";
import type { BiometricSampleRecord } from "@lg/domain/records";
import { NoticeService } from "@lg/domain/takedowns/notice-service";
import type { PersonSample } from "@lg/domain/takedowns/ports";
import { LAPSED_MATCH_NOTE } from "@lg/domain/threats/classification";
import { lapsedFaceMatchRevision } from "@lg/domain/threats/match-reverification";
import { reclassifyStoredThreat } from "@lg/domain/threats/threat-migration";
import { recordThreats, threatIdFor } from "@lg/domain/threats/threat-recorder";
import { defaultRecipientDirectory } from "@lg/notices";
import { describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { InMemoryNotices, InMemoryPeople, profile, RecordingMail, sequentialId, threat } from "../takedowns/fakes.js";
import { photo, sayingPhrase } from "./fakes.js";
import { accountWorld } from "./world.js";

type Facts = Parameters<typeof faceVerificationPredatesLiveCheck>[0];
const face = (facts: Partial<Facts>): Facts => ({ modality: "face", source: "live-capture", verified: true, ...facts });

describe("the demotion rule: which verifications predate the live check", () => {
  it.each([
    [
      "a live capture verified by the capture check before the live check",
      face({ verifiedBy: "server-checked-capture" }),
      true,
    ],
    [
      "an uploaded photo vouched for by such a capture",
      face({ source: "upload", verifiedBy: "matches-server-checked-capture" }),
      true,
    ],
    ["a live capture stored before verifiedBy existed", face({}), true],
    ["an uploaded photo stored verified before verifiedBy existed", face({ source: "upload" }), true],
    ["a face that answered the live check", face({ verifiedBy: "live-check" }), false],
    ["a photo vouched for by a live check", face({ source: "upload", verifiedBy: "matches-live-check" }), false],
    ["an older zero-knowledge face stored verified (never counted)", face({ source: "zero-knowledge" }), false],
    ["an unverified upload", face({ source: "upload", verified: false }), false],
    ["a capture held for review", face({ verified: false, reviewStatus: "pending" }), false],
    ["a face already demoted", face({ verified: false, verificationLapsed: "predates-live-check" }), false],
    [
      "a voice recorded live (the live check is of faces)",
      { ...face({ verifiedBy: "server-checked-capture" }), modality: "voice" as const },
      false,
    ],
  ])("%s: %s", (_what, sample, demoted) => {
    expect(faceVerificationPredatesLiveCheck(sample)).toBe(demoted);
  });
});

/** The table's conditional write, over the memory store: only while the sample is still as read. */
class MemoryLapsingStore implements LapsingSampleStore {
  writes = 0;
  constructor(private readonly store: ReturnType<typeof accountWorld>["store"]) {}
  async lapse(read: BiometricSampleRecord, lapsed: BiometricSampleRecord) {
    const now = (await this.store.listSamples(read.userId)).find((s) => s.sampleId === read.sampleId);
    if (now?.verified !== true || now.verifiedBy !== read.verifiedBy || now.deleteAfter !== read.deleteAfter) {
      return false;
    }
    this.writes++;
    await this.store.putSample(lapsed);
    return true;
  }
}

/**
 * A person enrolled before the live check: a three-pose capture verified by the old capture check
 * and an uploaded photo it vouched for. Made as today and rewritten to what those records hold.
 */
async function enrolledBeforeLiveCheck(w: ReturnType<typeof accountWorld>, email: string, person: number) {
  const { userId } = await w.member(email);
  await w.liveCapture(userId, person);
  const { uploadURL } = await w.enrolment.createUploadUrl(userId, "face", { size: 1024 });
  await w.objects.write(
    w.objects.keyFromUploadUrl(uploadURL) as string,
    photo(`person=${person};yaw=0`),
    "image/jpeg",
    {},
  );
  await w.enrolment.registerUpload(userId, "face", uploadURL);
  for (const sample of await w.store.listSamples(userId)) {
    const { liveCheckId: _check, ...old } = sample;
    const verifiedBy = sample.verifiedBy === "live-check" ? "server-checked-capture" : "matches-server-checked-capture";
    const rewritten = { ...old, verifiedBy } as BiometricSampleRecord;
    await w.store.putSample(rewritten);
    await w.gallery.sampleChanged(rewritten);
  }
  return userId;
}

function demotionWorld() {
  const w = accountWorld();
  const threats = new InMemoryThreatRepository();
  const lapsing = new MemoryLapsingStore(w.store);
  const protections = new Map<string, { accountId: string; personId: string }[]>();
  const demotion = new LiveCheckDemotion({
    samples: w.samples,
    store: lapsing,
    threats,
    people: { listProtections: async (userId) => protections.get(userId) ?? [] },
    gallery: w.gallery,
    now: () => w.clock.now,
  });
  return { w, threats, lapsing, protections, demotion };
}

/** A face match a scan recorded against the person's then verified face, classified as scans do. */
function faceThreat(userId: string, id: string, personId = "self") {
  const match = { personId, confidence: 93, enrolment: "verified" as const };
  return threat({
    userId,
    id,
    personId,
    threatType: "likeness_misuse",
    detection: { face: match, synthetic: "no-synthetic-evidence" },
    classification: threatClassification("likeness_misuse", { confidence: 93, enrolment: "verified" }),
  });
}

const snapshot = (d: ReturnType<typeof demotionWorld>) =>
  structuredClone({
    items: [...d.w.store.items.entries()],
    gallery: [...d.w.galleryIndex.rows.entries()],
    threats: [...d.threats.threats.entries()],
  });

describe("demoting the face verifications made before the live check", () => {
  it("keeps every sample but withdraws its verification, its search, its vouching and its matches' notices", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "ada@example.com", 1);
    await d.threats.createIfAbsent(faceThreat(userId, "t-face"));
    const before = await d.w.store.listSamples(userId);
    expect(before.filter((s) => s.modality === "face").every((s) => isServerVerified(s))).toBe(true);

    expect(await d.demotion.demote(userId)).toEqual({ demoted: 4, threats: 1, changed: 0 });

    const after = await d.w.store.listSamples(userId);
    // Nothing of the person is lost: the same samples, photos and embeddings.
    expect(after.map((s) => [s.sampleId, s.objectKey, s.encryptedEmbedding])).toEqual(
      before.map((s) => [s.sampleId, s.objectKey, s.encryptedEmbedding]),
    );
    for (const s of after) {
      expect(s).toMatchObject({ verified: false, verificationLapsed: "predates-live-check" });
      expect(s.verifiedBy).toBeUndefined();
      expect(searchedInScans(s)).toBe(false);
      if (s.objectKey) expect(await d.w.objects.head(s.objectKey)).not.toBeNull();
    }
    // The gallery follows: neither verified nor searched; the verified-faces register no longer holds the face.
    expect([...d.w.galleryIndex.rows.values()].map((r) => [r.verified, r.searched])).toEqual(
      Array(4).fill([false, false]),
    );
    // The person is told why and what to do.
    const view = await d.w.profiles.get(userId);
    expect(view.faceVerified).toBe(false);
    expect(view.likenessEnrolment.face).toEqual({
      enrolled: true,
      verified: false,
      methods: [],
      noticesBlocked: true,
      restriction: REVERIFY_FACE_MESSAGE,
      reverifyNeeded: true,
    });
    // The threat found on that face now rests on an unverified enrolment, and says so.
    const revised = await d.threats.get(userId, "t-face");
    expect(revised?.detection.face).toMatchObject({ enrolment: "unverified" });
    expect(revised?.classification?.likeness.enrolment).toBe("unverified");
    expect(revised?.classification?.reason).toContain(LAPSED_MATCH_NOTE);
  });

  it("no longer holds the face's own live check for review as verified on another account", async () => {
    const d = demotionWorld();
    const impostor = await enrolledBeforeLiveCheck(d.w, "impostor@example.com", 1);
    const { userId: owner } = await d.w.member("owner@example.com");
    // Before the demotion the old verification stands in the register (the gallery's verified rows).
    expect(await d.w.liveCapture(owner, 1)).toMatchObject({ verified: false, review: "pending" });
    await d.demotion.demote(impostor);
    expect(await d.w.liveCapture(owner, 1)).toMatchObject({ verified: true });
  });

  it("changes nothing on a second run", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "ada@example.com", 1);
    await d.threats.createIfAbsent(faceThreat(userId, "t-face"));
    await d.demotion.demote(userId);
    const first = snapshot(d);
    const writes = d.lapsing.writes;
    d.w.clock.now = new Date(d.w.clock.now.getTime() + 3_600_000);
    expect(await d.demotion.demote(userId)).toEqual({ demoted: 0, threats: 0, changed: 0 });
    expect(snapshot(d)).toEqual(first);
    expect(d.lapsing.writes).toBe(writes);
  });

  it("leaves a face verified by the live check, and a voice, as they are", async () => {
    const d = demotionWorld();
    const { userId } = await d.w.member("ada@example.com");
    await d.w.liveCapture(userId, 1, { voice: sayingPhrase() });
    await d.threats.createIfAbsent(faceThreat(userId, "t-face"));
    const before = snapshot(d);
    expect(await d.demotion.demote(userId)).toEqual({ demoted: 0, threats: 0, changed: 0 });
    expect(snapshot(d)).toEqual(before);
  });

  it("re-marks a threat in a form the threat classification migration keeps, so after-deploy reruns stay still", async () => {
    const { classification: _none, ...stored } = threat({
      id: "t-old",
      threatType: "likeness_misuse",
      detection: {
        face: { personId: "self", confidence: 93, enrolment: "verified" },
        synthetic: "no-synthetic-evidence",
      },
    });
    // Classified from its stored detection (a threat from before classification), as that migration does.
    const classified = reclassifyStoredThreat(stored, "you");
    if (!classified) throw new Error("a threat from before classification is classified");
    const revision = lapsedFaceMatchRevision(classified);
    if (!revision) throw new Error("a verified face match is revised");
    const revised = { ...classified, ...revision };
    expect(revised.classification?.reason).toContain(LAPSED_MATCH_NOTE);
    expect(reclassifyStoredThreat(revised, "you")).toBeNull();
  });

  it("marks the threats of every account protecting the person that rest on their face", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "exec@example.com", 1);
    d.protections.set(userId, [{ accountId: "acme", personId: "p-exec" }]);
    await d.threats.createIfAbsent(faceThreat("acme", "t-exec", "p-exec"));
    await d.threats.createIfAbsent(faceThreat("acme", "t-holder"));
    expect((await d.demotion.demote(userId)).threats).toBe(1);
    expect((await d.threats.get("acme", "t-exec"))?.detection.face).toMatchObject({ enrolment: "unverified" });
    // The holder's own face match is not the executive's to withdraw.
    expect((await d.threats.get("acme", "t-holder"))?.detection.face).toMatchObject({ enrolment: "verified" });
  });

  it("leaves a sample the person changed meanwhile for the next run, the gallery following what is stored", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "ada@example.com", 1);
    const [raced] = (await d.w.store.listSamples(userId)).filter((s) => s.source === "upload");
    const racing: LapsingSampleStore = {
      lapse: async (read, lapsed) => {
        // A retention change lands between the read and this write.
        if (read.sampleId === raced?.sampleId) {
          await d.w.store.putSample({ ...read, deleteAfter: "2027-06-01T00:00:00.000Z" });
          return false;
        }
        return d.lapsing.lapse(read, lapsed);
      },
    };
    const demotion = new LiveCheckDemotion({
      samples: d.w.samples,
      store: racing,
      threats: d.threats,
      people: { listProtections: async () => [] },
      gallery: d.w.gallery,
      now: () => d.w.clock.now,
    });
    expect(await demotion.demote(userId)).toEqual({ demoted: 3, threats: 0, changed: 1 });
    const row = d.w.galleryIndex.rows.get(`${userId}/face/${raced?.sampleId}`);
    expect(row).toMatchObject({ verified: true, searched: true });
    // The next run takes it.
    expect(await d.demotion.demote(userId)).toMatchObject({ demoted: 1, changed: 0 });
  });

  it("goes on past one person's failure and reports it", async () => {
    const failed: string[] = [];
    const owners = {
      async *userIds() {
        yield "broken";
        yield "fine";
      },
    };
    const demotion = {
      demote: async (userId: string) => {
        if (userId === "broken") throw new Error("table unavailable");
        return { demoted: 2, threats: 1, changed: 0 };
      },
    };
    expect(await demoteEveryone(owners, demotion, (userId) => failed.push(userId))).toEqual({
      users: 2,
      demoted: 2,
      threats: 1,
      changed: 0,
      failed: 1,
    });
    expect(failed).toEqual(["broken"]);
  });
});

describe("after the demotion", () => {
  it("one live check of the same face verifies the person and their earlier photos again", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "ada@example.com", 1);
    await d.demotion.demote(userId);
    expect(await d.w.liveCapture(userId, 1)).toMatchObject({
      verified: true,
      status: { face: { enrolled: true, verified: true, noticesBlocked: false } },
    });
    const faces = (await d.w.store.listSamples(userId)).filter((s) => s.modality === "face");
    expect(faces).toHaveLength(7);
    for (const s of faces) {
      expect(s.verified).toBe(true);
      expect(["live-check", "matches-live-check"]).toContain(s.verifiedBy);
      expect(s.verificationLapsed).toBeUndefined();
      expect(s.verificationLapsedAt).toBeUndefined();
    }
    expect([...d.w.galleryIndex.rows.values()].every((r) => r.verified && r.searched)).toBe(true);
    expect((await d.w.profiles.get(userId)).likenessEnrolment.face.reverifyNeeded).toBeUndefined();
  });

  it("a live check of another face verifies only that face: the lapsed samples of the first stay lapsed", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "impostor@example.com", 1);
    await d.demotion.demote(userId);
    await d.w.liveCapture(userId, 2);
    const lapsed = (await d.w.store.listSamples(userId)).filter((s) => s.verificationLapsed);
    expect(lapsed).toHaveLength(4);
    expect(lapsed.every((s) => !s.verified && !searchedInScans(s))).toBe(true);
  });

  it("a photo uploaded later is vouched for only by a live-checked face, never by a lapsed one", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "ada@example.com", 1);
    await d.demotion.demote(userId);
    const { uploadURL } = await d.w.enrolment.createUploadUrl(userId, "face", { size: 1024 });
    await d.w.objects.write(
      d.w.objects.keyFromUploadUrl(uploadURL) as string,
      photo("person=1;yaw=0"),
      "image/jpeg",
      {},
    );
    expect(await d.w.enrolment.registerUpload(userId, "face", uploadURL)).toMatchObject({ verified: false });
  });
});

describe("a notice on a face verified before the live check", () => {
  const NOW = new Date("2026-11-27T08:00:00.000Z");
  const USER = "user-1";
  const lapsedFace: PersonSample = {
    sampleId: "face-old",
    modality: "face",
    source: "live-capture",
    createdAt: "2026-10-01T09:00:00.000Z",
    verified: false,
    searched: false,
    lapsed: true,
  };

  it("is refused with the reason and the way back, and goes once a scan finds the match again on a live-checked face", async () => {
    const threats = new InMemoryThreatRepository();
    const people = new InMemoryPeople(profile(), [lapsedFace]);
    const service = new NoticeService({
      threats,
      people,
      notices: new InMemoryNotices(),
      sender: new RecordingMail(),
      personMail: new RecordingMail(),
      directory: defaultRecipientDirectory(),
      appUrl: "https://app.example.com",
      now: () => NOW,
      newId: sequentialId,
    });
    const sha = "d".repeat(64);
    const found = { ...faceThreat(USER, threatIdFor(USER, sha)), mediaSha256: sha };
    await threats.createIfAbsent(found);
    // The threat as the demotion leaves it.
    const revision = lapsedFaceMatchRevision(found);
    if (!revision) throw new Error("a verified face match is revised");
    await threats.reviseMatch(USER, found.id, revision, NOW.toISOString());
    expect(lapsedFaceMatchRevision({ ...found, ...revision })).toBeNull();

    const error = await service.generate(USER, found.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toContain("rests on an unverified enrolment");
    expect((error as DomainError).message).toContain(REVERIFY_FACE_MESSAGE);

    // Verified again with the live check, the next scan matches the same picture against the live-checked face.
    const reverified: PersonSample = { ...lapsedFace, verified: true, searched: true, lapsed: false };
    people.samples = [reverified];
    // Verified again, the match itself is still the one made on the lapsed face: a scan renews it.
    const beforeScan = await service.generate(USER, found.id).then(
      () => undefined,
      (e: unknown) => e as DomainError,
    );
    expect(beforeScan?.message).toContain(RESCAN_AFTER_REVERIFY_MESSAGE);

    await recordThreats(threats, USER, [
      {
        personId: "self",
        threatType: "likeness_misuse",
        confidence: 93,
        platform: found.platform,
        url: found.url,
        mediaSha256: found.mediaSha256,
        evidence: { hash: "h", manifestKey: "k", capturedAt: NOW.toISOString() },
        detection: {
          face: { personId: "self", confidence: 93, enrolment: "verified" },
          synthetic: "no-synthetic-evidence",
        },
        classification: threatClassification("likeness_misuse", { confidence: 93, enrolment: "verified" }),
      },
    ]);
    const again = await threats.get(USER, found.id);
    expect(again?.detection.face).toEqual({ personId: "self", confidence: 93, enrolment: "verified" });
    expect(again?.classification?.reason).not.toContain(LAPSED_MATCH_NOTE);
    expect((await service.generate(USER, found.id)).requestContent).toBeTruthy();
  });
});

describe("telling a person whose face must be verified again", () => {
  /** The table's record of who was told, and the messages as the channels took them. */
  function messaging(d: ReturnType<typeof demotionWorld>, owners: string[]) {
    const sentTo = new Map<string, string>();
    const sent: SentMessages = {
      wasSent: async (userId) => sentTo.has(userId),
      markSent: async (userId, channel) => void sentTo.set(userId, channel),
    };
    const outbox: { to: string; subject?: string; text: string }[] = [];
    const deps = {
      owners: {
        async *userIds() {
          yield* owners;
        },
      },
      samples: d.w.samples,
      profiles: d.w.store,
      channels: {
        email: async (m: { to: string; subject: string; text: string }) => void outbox.push(m),
        sms: async (m: { phoneNumber: string; text: string }) => void outbox.push({ to: m.phoneNumber, text: m.text }),
      },
      sent,
      appUrl: "https://app.example.com/",
      now: () => d.w.clock.now,
    };
    return { deps, outbox, sentTo };
  }

  it("emails them once, in the profile's words, with where the live check is", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "ada@example.com", 1);
    await d.demotion.demote(userId);
    const m = messaging(d, [userId]);
    expect(await tellLapsedFaceOwners(m.deps)).toEqual({ users: 1, told: 1, skipped: 0, failed: 0 });
    expect(m.outbox).toEqual([
      {
        to: "ada@example.com",
        subject: REVERIFY_SUBJECT,
        text: `${REVERIFY_FACE_MESSAGE}\n\nTake the live check here: https://app.example.com/biometric-training`,
      },
    ]);
    expect(await tellLapsedFaceOwners(m.deps)).toEqual({ users: 1, told: 0, skipped: 1, failed: 0 });
    expect(m.outbox).toHaveLength(1);
  });

  it("texts a phone-only account, and tells nobody verified again before it went", async () => {
    const d = demotionWorld();
    const byPhone = await enrolledBeforeLiveCheck(d.w, "bo@example.com", 1);
    const profile = await d.w.store.getProfile(byPhone);
    if (!profile) throw new Error("no profile");
    const { email: _email, ...withoutEmail } = profile;
    await d.w.store.putProfile({ ...withoutEmail, phone: "+14155550123" });
    const reverified = await enrolledBeforeLiveCheck(d.w, "cy@example.com", 2);
    await d.demotion.demote(byPhone);
    await d.demotion.demote(reverified);
    await d.w.liveCapture(reverified, 2);
    const m = messaging(d, [byPhone, reverified]);
    expect(await tellLapsedFaceOwners(m.deps)).toEqual({ users: 2, told: 1, skipped: 1, failed: 0 });
    expect(m.outbox).toHaveLength(1);
    expect(m.outbox[0]?.to).toBe("+14155550123");
    expect(m.outbox[0]?.text).toMatch(/^LikenessGuard: your face must be verified again with the live check/);
    expect(m.sentTo.get(byPhone)).toBe("sms");
  });

  it("sends again after a run that stopped between sending and recording it, rather than never", async () => {
    const d = demotionWorld();
    const userId = await enrolledBeforeLiveCheck(d.w, "ada@example.com", 1);
    await d.demotion.demote(userId);
    const m = messaging(d, [userId]);
    const failed: string[] = [];
    const crashing = {
      ...m.deps,
      sent: { ...m.deps.sent, markSent: async () => Promise.reject(new Error("table down")) },
    };
    expect(await tellLapsedFaceOwners(crashing, (id) => failed.push(id))).toMatchObject({ told: 0, failed: 1 });
    expect(failed).toEqual([userId]);
    expect(await tellLapsedFaceOwners(m.deps)).toMatchObject({ told: 1 });
    expect(m.outbox).toHaveLength(2);
  });
});
