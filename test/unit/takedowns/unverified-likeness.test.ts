import { DomainError } from "@lg/domain/errors";
import { NoticeService } from "@lg/domain/takedowns/notice-service";
import type { PersonSample } from "@lg/domain/takedowns/ports";
import { classifyMedia, UNVERIFIED_MATCH_NOTE } from "@lg/domain/threats/classification";
import { recordThreats, threatIdFor } from "@lg/domain/threats/threat-recorder";
import { CONFIRMATION_PROMPTS, defaultRecipientDirectory } from "@lg/notices";
import { beforeEach, describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryThreatRepository } from "../scanning/fakes.js";
import { InMemoryNotices, InMemoryPeople, profile, RecordingMail, sequentialId, threat, USER } from "./fakes.js";

const NOW = new Date("2026-11-21T08:00:00.000Z");
const ALL = Object.values(CONFIRMATION_PROMPTS);
const ENROLLED_AT = "2026-10-01T09:00:00.000Z";

const sample = (overrides: Partial<PersonSample>): PersonSample => ({
  sampleId: "s",
  modality: "face",
  createdAt: ENROLLED_AT,
  verified: true,
  searched: true,
  ...overrides,
});
const verifiedFace = sample({ sampleId: "face-live", source: "live-capture" });
const reportedFace = sample({ sampleId: "face-zk", source: "zero-knowledge", verified: false });
const verifiedVoice = sample({ sampleId: "voice-live", modality: "voice", source: "live-capture" });
const uploadedVoice = sample({ sampleId: "voice-up", modality: "voice", source: "upload", verified: false });

/** A face match the scan made against a client-reported (zero-knowledge) face. */
const onReportedFace = threat({
  id: "zk-face",
  threatType: "likeness_misuse",
  detection: {
    face: { personId: "self", confidence: 93, enrolment: "unverified" },
    synthetic: "no-synthetic-evidence",
  },
  classification: threatClassification("likeness_misuse", { confidence: 93, enrolment: "unverified" }),
});
const onVerifiedFace = threat({
  id: "live-face",
  threatType: "likeness_misuse",
  detection: { face: { personId: "self", confidence: 93, enrolment: "verified" }, synthetic: "no-synthetic-evidence" },
  classification: threatClassification("likeness_misuse", { confidence: 93, enrolment: "verified" }),
});
const voiceMatch = threat({
  id: "voice",
  threatType: "likeness_misuse",
  platform: "telegram",
  detection: { voice: { personId: "self", confidence: 93 }, synthetic: "no-synthetic-evidence" },
  classification: threatClassification("likeness_misuse", { confidence: 93, modality: "voice" }),
});

let threats: InMemoryThreatRepository;
let notices: InMemoryNotices;
let people: InMemoryPeople;
let sender: RecordingMail;
let service: NoticeService;

const noticeService = () =>
  new NoticeService({
    threats,
    people,
    notices,
    sender,
    personMail: new RecordingMail(),
    directory: defaultRecipientDirectory(),
    appUrl: "https://app.example.com",
    now: () => NOW,
    newId: sequentialId,
  });

beforeEach(async () => {
  threats = new InMemoryThreatRepository();
  notices = new InMemoryNotices();
  people = new InMemoryPeople(profile(), [verifiedFace, verifiedVoice]);
  sender = new RecordingMail();
  service = noticeService();
  for (const t of [onReportedFace, onVerifiedFace, voiceMatch]) await threats.createIfAbsent(t);
});

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

describe("notices under the person's name need a verified likeness", () => {
  it("refuses to generate or send a notice for a match the scan made against a client-reported face, saying how to verify", async () => {
    for (const work of [
      service.generate(USER, onReportedFace.id),
      service.generate(USER, onReportedFace.id, { claimCopyright: { sampleId: "face-live" } }),
      service.send(USER, onReportedFace.id, { confirmations: ALL }),
    ]) {
      const error = await refusal(work);
      expect(error.kind).toBe("conflict");
      expect(error.message).toContain("rests on an unverified enrolment, so no notice can be sent under your name");
      expect(error.message).toContain("Notices under your name need a verified face");
      expect(error.message).toContain("server-checked capture");
    }
    expect(sender.sent).toHaveLength(0);
    expect(notices.items.size).toBe(0);
    // A match against the server-checked face of the same account is unaffected.
    expect((await service.generate(USER, onVerifiedFace.id)).route).toBe("platform_report");
  });

  it("refuses a threat the scan did not mark while any face scans search for is client-reported", async () => {
    people.samples = [verifiedFace, reportedFace, verifiedVoice];
    const unmarked = threat({
      id: "unmarked",
      threatType: "likeness_misuse",
      detection: { face: { personId: "self", confidence: 93 }, synthetic: "no-synthetic-evidence" },
      classification: threatClassification("likeness_misuse", { confidence: 93 }),
    });
    await threats.createIfAbsent(unmarked);
    expect((await refusal(service.generate(USER, unmarked.id))).kind).toBe("conflict");
    // A match the scan made against the verified face stays usable, and a voice match does not rest on the face.
    expect((await service.generate(USER, onVerifiedFace.id)).route).toBe("platform_report");
    expect((await service.generate(USER, voiceMatch.id)).route).not.toBe("none");
  });

  it("refuses a notice on a voice match while the voice rests on an uploaded recording the server could not verify", async () => {
    people.samples = [verifiedFace, uploadedVoice];
    const error = await refusal(service.send(USER, voiceMatch.id, { confirmations: ALL }));
    expect(error.message).toContain("Notices under your name need a verified voice");
    expect(sender.sent).toHaveLength(0);
  });

  it("is not held back by an uploaded photo scans never search for", async () => {
    people.samples = [
      verifiedFace,
      sample({ sampleId: "face-up", source: "upload", verified: false, searched: false }),
    ];
    expect((await service.generate(USER, onVerifiedFace.id)).route).toBe("platform_report");
  });

  it("skips automatic takedown for a threat resting on an unverified face, and refuses the automatic send", async () => {
    people.person = profile({ membershipTier: "professional", autoTakedown: true });
    expect(await service.autoTakedownAllowed(USER, onReportedFace.id)).toBe(false);
    expect((await refusal(service.send(USER, onReportedFace.id, { confirmations: [], automatic: true }))).kind).toBe(
      "conflict",
    );
    expect(sender.sent).toHaveLength(0);
  });
});

describe("notices on a face under review (issue 35 item 4)", () => {
  it("are refused on a match of the reviewed face, even one the scan made against the verified face, and the voice goes on", async () => {
    people = new InMemoryPeople(profile(), [{ ...verifiedFace, underReview: true }, verifiedVoice]);
    service = noticeService();
    const error = await refusal(service.send(USER, onVerifiedFace.id, { confirmations: ALL }));
    expect(error.message).toContain("A review of your face is open");
    expect(sender.sent).toHaveLength(0);
    expect((await service.generate(USER, voiceMatch.id)).route).not.toBe("none");
  });
});

describe("a threat found through an unverified enrolment", () => {
  it("says its likeness match rests on an unverified enrolment", () => {
    const classified = classifyMedia(
      {
        face: { personId: "self", confidence: 93, enrolment: "unverified" },
        voice: null,
        synthetic: { status: "no-evidence", score: 0.1 },
        signals: [],
      },
      50,
    );
    expect(classified?.classification.likeness).toMatchObject({ modality: "face", enrolment: "unverified" });
    expect(classified?.classification.reason).toContain(UNVERIFIED_MATCH_NOTE);
  });
});

describe("verifying the likeness re-evaluates the threats found on it", () => {
  it("lets a notice go once a scan finds the clone again against the voice verified since", async () => {
    const clone = threat({
      id: threatIdFor(USER, "c".repeat(64)),
      mediaSha256: "c".repeat(64),
      threatType: "voice_clone",
      platform: "telegram",
      detection: { voice: { personId: "self", confidence: 94, enrolment: "unverified" }, synthetic: "synthetic" },
      classification: threatClassification("voice_clone", { confidence: 94, enrolment: "unverified" }),
    });
    await threats.createIfAbsent(clone);
    people.samples = [verifiedFace, { ...uploadedVoice, verified: true }];
    expect((await refusal(service.generate(USER, clone.id))).message).toContain("rests on an unverified enrolment");

    // The next scan meets the same recording and matches it against the now verified voice.
    await recordThreats(threats, USER, [
      {
        personId: "self",
        threatType: "voice_clone",
        confidence: 94,
        platform: "telegram",
        url: clone.url,
        mediaSha256: clone.mediaSha256,
        evidence: { hash: "h", manifestKey: "k", capturedAt: NOW.toISOString() },
        detection: { voice: { personId: "self", confidence: 94, enrolment: "verified" }, synthetic: "synthetic" },
        classification: threatClassification("voice_clone", { confidence: 94, enrolment: "verified" }),
      },
    ]);
    const revised = await threats.get(USER, clone.id);
    expect(revised?.detection.voice).toMatchObject({ enrolment: "verified" });
    expect(revised?.classification?.likeness.enrolment).toBe("verified");
    expect(revised?.classification?.reason).not.toContain(UNVERIFIED_MATCH_NOTE);
    expect((await service.generate(USER, clone.id)).requestContent).toBeTruthy();
  });

  it("never turns a verified match back into an unverified one", async () => {
    const verified = threat({
      id: threatIdFor(USER, "d".repeat(64)),
      mediaSha256: "d".repeat(64),
      threatType: "likeness_misuse",
      detection: { face: { personId: "self", confidence: 93, enrolment: "verified" } },
      classification: threatClassification("likeness_misuse", { confidence: 93, enrolment: "verified" }),
    });
    await threats.createIfAbsent(verified);
    await recordThreats(threats, USER, [
      {
        personId: "self",
        threatType: "likeness_misuse",
        confidence: 93,
        platform: "reddit",
        url: verified.url,
        mediaSha256: verified.mediaSha256,
        evidence: { hash: "h", manifestKey: "k", capturedAt: NOW.toISOString() },
        detection: { face: { personId: "self", confidence: 93, enrolment: "unverified" } },
        classification: threatClassification("likeness_misuse", { confidence: 93, enrolment: "unverified" }),
      },
    ]);
    expect((await threats.get(USER, verified.id))?.detection.face).toMatchObject({ enrolment: "verified" });
  });
});
