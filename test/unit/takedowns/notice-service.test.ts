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
  it("explains the basis of a genuine re-upload: a platform report, no copyright claim, nothing sent", async () => {
    const draft = await service.generate(USER, threat().id);
    expect(draft.route).toBe("platform_report");
    expect(draft.basis.reason).toContain("No copyright claim");
    expect(draft.evidence.threatType).toBe("likeness_misuse");
    expect(draft.requiresConfirmation).toEqual([CONFIRMATION_PROMPTS.goodFaith, CONFIRMATION_PROMPTS.accurate]);
    expect(draft.channel).toMatchObject({ kind: "web_form", url: "https://www.reddit.com/report" });
    expect(draft.formFields?.map((f) => f.label)).toContain("URL of the content");
    expect(draft.copyright).toEqual({
      available: true,
      originals: [
        {
          sampleId: "face-1",
          modality: "face",
          enrolledAt: "2026-10-01T09:00:00.000Z",
          source: "upload",
          match: "same-file",
        },
      ],
    });
    expect(draft.requestContent).not.toContain("17 U.S.C.");
    expect(sender.sent).toHaveLength(0);
  });

  it("makes a DMCA notice only when the person claims a named original, asking them to attest ownership", async () => {
    const draft = await service.generate(USER, threat().id, { claimCopyright: { sampleId: "face-1" } });
    expect(draft.route).toBe("dmca");
    expect(draft.recipient).toBe("copyright@reddit.com");
    expect(draft.copyright.claimedSampleId).toBe("face-1");
    expect(draft.requestContent).toContain("(reference face-1)");
    expect(draft.requiresConfirmation).toEqual([
      CONFIRMATION_PROMPTS.ownsWork,
      CONFIRMATION_PROMPTS.goodFaith,
      CONFIRMATION_PROMPTS.accurate,
    ]);
    const wrongKind = await refusal(service.generate(USER, threat().id, { claimCopyright: { sampleId: "voice-1" } }));
    expect(wrongKind.kind).toBe("unprocessable");
  });

  it("answers someone else's threat exactly like an unknown one", async () => {
    await threats.createIfAbsent(threat({ userId: "user-2", id: "foreign" }));
    const foreign = await refusal(service.generate(USER, "foreign"));
    const unknown = await refusal(service.generate(USER, "nope"));
    expect([foreign.kind, foreign.message]).toEqual(["not-found", "Threat not found"]);
    expect([unknown.kind, unknown.message]).toEqual(["not-found", "Threat not found"]);
  });
});

describe("a notice about another person the account protects", () => {
  const EXEC_THREAT = "01JTHREAT0000000000000000E";
  beforeEach(async () => {
    people.members.set("exec-1", {
      memberUserId: "user-9",
      displayName: "Bo Chen",
      profile: profile({ userId: "user-9", firstName: "Bo", lastName: "Chen", email: "bo.chen@example.com" }),
      samples: [{ sampleId: "bo-face", modality: "face", createdAt: "2026-11-01T09:00:00.000Z", source: "upload" }],
    });
    await threats.createIfAbsent(threat({ id: EXEC_THREAT, personId: "exec-1" }));
  });

  it("is about that person's own likeness, signed by the account holder as their authorised agent", async () => {
    const draft = await service.generate(USER, EXEC_THREAT);
    expect(draft.requestContent).toContain("Bo Chen");
    expect(draft.requestContent).toContain("bo.chen@example.com");
    expect(draft.requestContent).toContain("/Ada Moreno/ (electronic signature)");
    expect(draft.requestContent).toContain("Authorised agent acting on behalf of Bo Chen");
    expect(draft.requestContent).not.toContain("ada.moreno@example.com");
    // Ownership of an original is the person's own statement: none is offered to the agent.
    expect(draft.copyright.originals).toEqual([]);
    const claim = await refusal(service.generate(USER, EXEC_THREAT, { claimCopyright: { sampleId: "bo-face" } }));
    expect(claim.kind).toBe("unprocessable");
    expect(claim.message).toContain("Only Bo Chen");
  });

  it("cannot be made once the person's consent or protection has ended", async () => {
    people.members.clear();
    const ended = await refusal(service.generate(USER, EXEC_THREAT));
    expect(ended.kind).toBe("conflict");
    expect(ended.message).toContain("no longer protected");
  });
});

describe("NoticeService.send", () => {
  const claim = { claimCopyright: { sampleId: "face-1" } };

  it("is sent only once the mail provider accepted it, with the statements and their time recorded", async () => {
    const outcome = await service.send(USER, threat().id, { confirmations: ALL, ...claim });
    expect(outcome).toMatchObject({ state: "sent", sent: true, route: "dmca" });
    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]?.to).toBe("copyright@reddit.com");
    expect(sender.sent[0]?.replyTo).toBe("ada.moreno@example.com");
    const [stored] = [...notices.items.values()];
    expect(stored).toMatchObject({
      status: "sent",
      channel: "email",
      messageId: "mail-1",
      sentAt: NOW.toISOString(),
      deadlineAt: "2026-11-28T08:00:00.000Z",
      nextCheckAt: "2026-11-21T09:00:00.000Z",
      automatic: false,
      copyrightOriginal: { sampleId: "face-1", modality: "face" },
      attestation: {
        statements: [CONFIRMATION_PROMPTS.ownsWork, CONFIRMATION_PROMPTS.goodFaith, CONFIRMATION_PROMPTS.accurate],
        attestedAt: NOW.toISOString(),
        standing: false,
      },
    });
    expect((await threats.get(USER, threat().id))?.status).toBe("takedown_requested");
    expect(personMail.sent).toHaveLength(0);
  });

  it("records nothing as sent when the mail provider refuses", async () => {
    sender.send = async () => {
      throw new Error("SES: MessageRejected");
    };
    await expect(service.send(USER, threat().id, { confirmations: ALL, ...claim })).rejects.toThrow(/MessageRejected/);
    expect([...notices.items.values()].map((n) => n.status)).toEqual(["draft"]);
    expect((await threats.get(USER, threat().id))?.status).toBe("active");
  });

  it("refuses with 422 and sends nothing while a statement is missing", async () => {
    const error = await refusal(
      service.send(USER, threat().id, { confirmations: [CONFIRMATION_PROMPTS.goodFaith], ...claim }),
    );
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

  it("never offers sending where there is no channel (dark web)", async () => {
    await threats.createIfAbsent(threat({ id: "dark", platform: "darkweb" }));
    const draft = await service.generate(USER, "dark");
    expect(draft.channel.kind).toBe("none");
    expect((await refusal(service.send(USER, "dark", { confirmations: ALL }))).kind).toBe("unprocessable");
    expect(notices.items.size).toBe(0);
  });

  it("turns a web-form channel into 'filing needed' with the form's fields, and 'filed' when the person says so", async () => {
    const outcome = await service.send(USER, threat().id, { confirmations: ALL });
    expect(outcome).toMatchObject({ state: "filing_needed", sent: false, formUrl: "https://www.reddit.com/report" });
    if (outcome.state !== "filing_needed") throw new Error("unexpected");
    expect(outcome.formFields.find((f) => f.label === "Full name")?.value).toBe("Ada Moreno");
    expect(sender.sent).toHaveLength(0);
    expect(notices.items.get(outcome.noticeId)).toMatchObject({ status: "filing_needed", channel: "web_form" });
    expect(await notices.dueForCheck("2099-01-01T00:00:00.000Z")).toEqual([]);
    expect((await threats.get(USER, threat().id))?.status).toBe("active");

    expect((await refusal(service.recordFiling("user-2", outcome.noticeId))).kind).toBe("not-found");
    const filed = await service.recordFiling(USER, outcome.noticeId);
    expect(filed).toEqual({ state: "filed", noticeId: outcome.noticeId, filedAt: NOW.toISOString() });
    expect(notices.items.get(outcome.noticeId)).toMatchObject({
      status: "filed",
      filedAt: NOW.toISOString(),
      deadlineAt: "2026-11-28T08:00:00.000Z",
    });
    expect((await threats.get(USER, threat().id))?.status).toBe("takedown_requested");
  });

  it("refuses to mark an emailed notice as filed", async () => {
    const sent = await service.send(USER, threat().id, { confirmations: ALL, ...claim });
    if (sent.state !== "sent") throw new Error("unexpected");
    expect((await refusal(service.recordFiling(USER, sent.noticeId))).kind).toBe("conflict");
  });

  it("sends automatically only a report by email on the standing statement, and mails the person a copy", async () => {
    people.person = profile({ membershipTier: "professional", autoTakedown: true });
    await threats.createIfAbsent(threat({ id: "tg", platform: "telegram" }));
    expect(await service.autoTakedownAllowed(USER, "tg")).toBe(true);
    const outcome = await service.send(USER, "tg", { confirmations: [], automatic: true });
    expect(outcome).toMatchObject({ state: "sent", route: "platform_report" });
    expect(personMail.sent).toHaveLength(1);
    expect(personMail.sent[0]?.subject).toMatch(/^Sent for you:/);
    expect([...notices.items.values()][0]?.attestation?.standing).toBe(true);
  });

  it("never sends a copyright claim or a web form automatically", async () => {
    people.person = profile({ membershipTier: "professional", autoTakedown: true });
    expect((await refusal(service.send(USER, threat().id, { confirmations: [], automatic: true }))).kind).toBe(
      "unprocessable",
    );
    const dmca = service.send(USER, threat().id, { confirmations: [], automatic: true, ...claim });
    expect((await refusal(dmca)).kind).toBe("unprocessable");
    expect(sender.sent).toHaveLength(0);
    expect(notices.items.size).toBe(0);
  });

  it("does not allow automatic takedown for a personal tier or a setting turned off", async () => {
    people.person = profile({ membershipTier: "personal", autoTakedown: true });
    expect(await service.autoTakedownAllowed(USER, threat().id)).toBe(false);
    people.person = profile({ membershipTier: "enterprise", autoTakedown: false });
    expect(await service.autoTakedownAllowed(USER, threat().id)).toBe(false);
  });
});
