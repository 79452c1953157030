import {
  type AlertEmailSender,
  assertNoticeAllowed,
  autoTakedownMaySend,
  type ComposedNotice,
  claimableOriginals,
  composeNotice,
  type FormField,
  formFieldsFor,
  IncompleteProfileError,
  type NoticeSender,
  noticeInputFromProfile,
  planDelivery,
  REMOVAL_DEADLINE_MS,
  type Recipient,
  type RecipientDirectory,
  removalDeadline,
  renderSentNoticeCopyEmail,
  shouldAutoTakedown,
  threatEvidence,
} from "@lg/notices";
import { DomainError } from "../errors.js";
import { SELF_PERSON_ID } from "../records.js";
import type { ThreatKind } from "../threats/classification-schema.js";
import type { ThreatRepository } from "../threats/threat-ports.js";
import { changeThreatStatus, type ThreatChangeEvents } from "../threats/threat-status.js";
import { confirmationPrompts, confirmationsFrom } from "./confirmation-answers.js";
import { assertVerifiedLikeness, matchedModality, restsOnUnverifiedEnrolment } from "./likeness-enrolment.js";
import { inDomainErrors } from "./notice-errors.js";
import type { NoticeRepository, PersonRecords, TakedownNoticeRecord } from "./ports.js";
import { nextRecheckAt } from "./recheck.js";
import { copyNoticeStateToThreat, type TakedownResolutionEvents } from "./threat-takedown.js";
import { recordEvents } from "./timeline-events.js";

export interface NoticeServiceDeps {
  threats: ThreatRepository;
  people: PersonRecords;
  notices: NoticeRepository;
  sender: NoticeSender;
  /** Sends the person their copy of a notice sent automatically for them. */
  personMail: AlertEmailSender;
  directory: RecipientDirectory;
  appUrl: string;
  now: () => Date;
  newId: () => string;
  /**
   * Tells the account's integrations (webhooks) a notice left, its threat changed or its takedown
   * ended; must not throw: the notice is sent whatever.
   */
  events?: { noticeSent(userId: string, notice: SentNoticeEvent): Promise<void> } & ThreatChangeEvents &
    TakedownResolutionEvents;
}

/** What a takedown.sent event says of a notice. */
export interface SentNoticeEvent {
  takedownId: string;
  threatId: string;
  route: string;
  recipient: string;
  sentAt: string;
  automatic: boolean;
}

/** How the notice leaves, as the dialog shows it: mailed by us, a form the person files, or nowhere. */
export type NoticeChannelView =
  | { kind: "email"; address: string; label: string; needsVerification: boolean }
  | { kind: "web_form"; url: string; label: string; needsVerification: boolean }
  | { kind: "none"; explanation: string };

export interface NoticeDraft {
  requestContent: string;
  route: ComposedNotice["route"];
  recipient: string;
  requiresConfirmation: string[];
  /** Why this basis, in plain words, and the removal clock it starts (hours), if any. */
  basis: { route: ComposedNotice["route"]; reason: string; deadlineHours?: number };
  channel: NoticeChannelView;
  /** A web form's fields with the text to paste into each. */
  formFields?: FormField[];
  /** Whether a copyright (DMCA) notice is possible, which originals it could name, and the one claimed. */
  copyright: {
    available: boolean;
    /** Only originals the found media is shown to copy, and how: the same file, or a near-duplicate picture. */
    originals: {
      sampleId: string;
      modality: "face" | "voice";
      enrolledAt: string;
      source?: string;
      match: "same-file" | "near-duplicate";
    }[];
    claimedSampleId?: string;
  };
  /** The evidence the notice's statements rest on. */
  evidence: { threatType: ThreatKind; reason: string };
}

export type SendOutcome =
  /** A channel accepted it: the mail provider took the email. */
  | { state: "sent"; sent: true; recipient: string; noticeId: string; route: ComposedNotice["route"] }
  /** A web form: nothing was sent; the person files it and then says so (recordFiling). */
  | {
      state: "filing_needed";
      sent: false;
      recipient: string;
      noticeId: string;
      route: ComposedNotice["route"];
      formUrl: string;
      formFields: FormField[];
      requestContent: string;
    };

export interface NoticeOptions {
  /** The original the person claims copyright in for this notice; without it no DMCA notice is made. */
  claimCopyright?: { sampleId: string };
}

export interface SendOptions extends NoticeOptions {
  confirmations: readonly string[];
  /** Sent by the auto-takedown workflow on the standing statements of the person's setting. */
  automatic?: boolean;
}

function recipientAddress(recipient: Recipient): string {
  if (recipient.kind === "none") return recipient.platformName;
  return recipient.channel.kind === "email" ? recipient.channel.address : recipient.channel.url;
}

function channelView(recipient: Recipient): NoticeChannelView {
  if (recipient.kind === "none") return { kind: "none", explanation: recipient.explanation };
  const { channel } = recipient;
  return channel.kind === "email"
    ? { kind: "email", address: channel.address, label: channel.label, needsVerification: channel.needsVerification }
    : { kind: "web_form", url: channel.url, label: channel.label, needsVerification: channel.needsVerification };
}

const HOUR_MS = 3_600_000;

const draftDetail = (automatic: boolean) =>
  automatic
    ? "Composed by automatic takedown on the statements you gave once in your settings."
    : "Composed from the threat's evidence; you confirmed the statements it makes.";

/** From a threat to a notice the person can read, and from their statements to a sent or filed, tracked notice. */
export class NoticeService {
  constructor(private readonly deps: NoticeServiceDeps) {}

  async generate(userId: string, threatId: string, options: NoticeOptions = {}): Promise<NoticeDraft> {
    return inDomainErrors(async () => {
      const { notice, input, claimable } = await this.compose(userId, threatId, [], false, options);
      const evidence = threatEvidence(input.threat);
      const route = notice.route;
      return {
        requestContent: notice.text,
        route,
        recipient: recipientAddress(notice.recipient),
        requiresConfirmation: confirmationPrompts(notice.missingConfirmations),
        basis: {
          route,
          reason: notice.decision.reason,
          ...(route !== "none" ? { deadlineHours: REMOVAL_DEADLINE_MS[route] / HOUR_MS } : {}),
        },
        channel: channelView(notice.recipient),
        ...(notice.recipient.kind === "channel" && notice.recipient.channel.kind === "web_form"
          ? { formFields: formFieldsFor(notice, input) }
          : {}),
        copyright: {
          available: notice.decision.copyrightAvailable && claimable.length > 0,
          originals: claimable.map((s) => ({
            sampleId: s.sampleId,
            modality: s.modality,
            enrolledAt: s.createdAt,
            ...(s.source ? { source: s.source } : {}),
            match: s.match,
          })),
          ...(input.copyrightClaim ? { claimedSampleId: input.copyrightClaim.sampleId } : {}),
        },
        evidence: { threatType: evidence.type, reason: evidence.reason },
      };
    });
  }

  async send(userId: string, threatId: string, options: SendOptions): Promise<SendOutcome> {
    return inDomainErrors(async () => {
      const automatic = options.automatic ?? false;
      const { notice, input, profile, threat } = await this.compose(
        userId,
        threatId,
        options.confirmations,
        automatic,
        options,
      );
      const delivery = planDelivery(notice, input);
      if (automatic && !autoTakedownMaySend(notice.route, delivery.kind)) {
        throw new DomainError("unprocessable", "This notice needs you to confirm and send it yourself.");
      }
      const recipient = recipientAddress(notice.recipient);
      const route = notice.route === "none" ? undefined : notice.route;
      if (!route) throw new DomainError("unprocessable", "No channel accepts a notice for this platform.");
      const now = this.deps.now().toISOString();
      const noticeId = this.deps.newId();
      const record: TakedownNoticeRecord = {
        userId,
        noticeId,
        threatId,
        route,
        recipient,
        content: notice.text,
        status: "draft",
        attestation: {
          statements: confirmationPrompts(
            notice.decision.requiredConfirmations.filter((key) => input.confirmations[key] === true),
          ),
          attestedAt: now,
          standing: automatic,
        },
        ...(input.copyrightClaim
          ? {
              copyrightOriginal: {
                sampleId: input.copyrightClaim.sampleId,
                modality: input.copyrightClaim.modality === "recording" ? "voice" : "face",
                enrolledAt: input.copyrightClaim.enrolledAt,
              },
            }
          : {}),
        automatic,
        ...(threat ? { platform: threat.platform, contentUrl: threat.url } : {}),
        createdAt: now,
      };
      const draftedAt = this.deps.now();
      if (delivery.kind === "web_form") {
        // Nothing has left: the person files the form, then tells us (recordFiling).
        const waiting: TakedownNoticeRecord = {
          ...record,
          status: "filing_needed",
          channel: "web_form",
          formUrl: delivery.url,
          formFields: delivery.fields,
        };
        await this.deps.notices.put(waiting);
        await copyNoticeStateToThreat(this.deps.threats, waiting, draftedAt, this.deps.events);
        await this.record(record, draftedAt, [
          { kind: "drafted", source: "system", detail: draftDetail(automatic) },
          {
            kind: "filing_needed",
            source: "system",
            detail: `${recipient} takes notices only through its web form: nothing has been sent until you file it there.`,
          },
        ]);
        return {
          state: "filing_needed",
          sent: false,
          recipient,
          noticeId,
          route,
          formUrl: delivery.url,
          formFields: delivery.fields,
          requestContent: delivery.text,
        };
      }
      // Stored before sending, so an accepted email is never without its record; "sent" only once accepted.
      await this.deps.notices.put({ ...record, channel: "email" });
      await this.record(record, draftedAt, [{ kind: "drafted", source: "system", detail: draftDetail(automatic) }]);
      const { messageId } = await this.deps.sender.send(delivery.message);
      const sentAt = this.deps.now();
      await this.startTracking({ ...record, channel: "email", messageId }, "sent", sentAt);
      await this.record(record, sentAt, [
        {
          kind: "sent",
          source: "mail_provider",
          detail: `Accepted by the mail provider for ${recipient} (message ${messageId}).`,
        },
      ]);
      await this.deps.events?.noticeSent(userId, {
        takedownId: noticeId,
        threatId,
        route,
        recipient,
        sentAt: sentAt.toISOString(),
        automatic,
      });
      if (automatic && profile.email) {
        const copy = renderSentNoticeCopyEmail(notice, this.deps.appUrl);
        await this.deps.personMail.send({ ...copy, to: profile.email });
      }
      return { state: "sent", sent: true, recipient, noticeId, route };
    });
  }

  /** "I have filed it": the person submitted the web form; the removal clock starts now. */
  async recordFiling(userId: string, noticeId: string): Promise<{ state: "filed"; noticeId: string; filedAt: string }> {
    const notice = await this.deps.notices.get(userId, noticeId);
    if (!notice) throw new DomainError("not-found", "Notice not found");
    if (notice.status === "filed") return { state: "filed", noticeId, filedAt: notice.filedAt ?? notice.createdAt };
    if (notice.status !== "filing_needed") {
      throw new DomainError("conflict", "Only a notice waiting to be filed on a web form can be marked filed.");
    }
    const filedAt = this.deps.now();
    await this.startTracking(notice, "filed", filedAt);
    await this.record(notice, filedAt, [
      {
        kind: "filed",
        source: "user",
        detail: "You said you filed it on the platform's form; the removal clock runs from now.",
      },
    ]);
    return { state: "filed", noticeId, filedAt: filedAt.toISOString() };
  }

  /** Notices of the person's threats, newest first (the threat list shows each threat's latest). */
  async list(userId: string): Promise<TakedownNoticeRecord[]> {
    const notices = await this.deps.notices.listForUser(userId);
    return notices.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /**
   * Whether the auto-takedown workflow may send for this threat now: the person may have turned
   * the setting off, or triaged the threat, since the scan handed it over.
   */
  async autoTakedownAllowed(userId: string, threatId: string): Promise<boolean> {
    return (await this.autoTakedownBlocker(userId, threatId)) === null;
  }

  /**
   * What keeps the auto-takedown workflow from sending, or null when nothing does: "not-applicable"
   * (setting off, threat triaged or gone), or the likeness it rests on, unverified.
   */
  async autoTakedownBlocker(
    userId: string,
    threatId: string,
  ): Promise<null | "not-applicable" | { unverified: "face" | "voice" }> {
    const [threat, holder] = await Promise.all([
      this.deps.threats.get(userId, threatId),
      this.deps.people.getProfile(userId),
    ]);
    // The holder's setting decides; the likeness checked is the depicted person's own enrolment.
    if (!threat || !holder || !shouldAutoTakedown(threat, holder)) return "not-applicable";
    const subject = await this.subjectOf(userId, threat.personId).catch(() => null);
    if (!subject) return "not-applicable";
    // Nothing goes in the person's name on a likeness the server never verified.
    return restsOnUnverifiedEnrolment(threat, subject.samples) ? { unverified: matchedModality(threat) } : null;
  }

  private record(notice: TakedownNoticeRecord, at: Date, events: Parameters<typeof recordEvents>[2]) {
    return recordEvents(this.deps.notices, notice, events, at, this.deps.newId);
  }

  private async startTracking(notice: TakedownNoticeRecord, status: "sent" | "filed", at: Date) {
    const iso = at.toISOString();
    const deadlineAt = removalDeadline(notice.route, iso);
    const tracked: TakedownNoticeRecord = {
      ...notice,
      status,
      ...(status === "sent" ? { sentAt: iso } : { filedAt: iso, sentAt: iso }),
      deadlineAt,
      nextCheckAt: nextRecheckAt(iso, deadlineAt, at),
    };
    await this.deps.notices.put(tracked);
    await copyNoticeStateToThreat(this.deps.threats, tracked, at, this.deps.events);
    await changeThreatStatus(
      this.deps.threats,
      {
        userId: notice.userId,
        threatId: notice.threatId,
        to: "takedown_requested",
        actor: "system",
        reason: `takedown_${status}_${notice.route}`,
      },
      () => iso,
      this.deps.events,
    ).catch((error: unknown) => {
      // A threat the person triaged meanwhile keeps their status; the notice is still tracked.
      if (!(error instanceof DomainError && error.kind === "conflict")) throw error;
    });
  }

  private async compose(
    userId: string,
    threatId: string,
    answers: readonly string[],
    automatic: boolean,
    options: NoticeOptions,
  ) {
    const threat = (await this.deps.threats.get(userId, threatId)) ?? undefined;
    assertNoticeAllowed(threat, userId, threatId);
    const { profile, samples, signer } = await this.subjectOf(userId, threat?.personId);
    // Checked before composing, so generate and send (by hand or automatic) all refuse alike.
    if (threat) assertVerifiedLikeness(threat, samples);
    if (signer && options.claimCopyright) {
      throw new DomainError(
        "unprocessable",
        `Only ${signer.personName} can claim copyright in their own photo or recording; send a report instead.`,
      );
    }
    const input = noticeInputFromProfile({
      profile,
      threat,
      // A copyright claim is the depicted person's own statement: an agent is offered none to make.
      samples: signer ? [] : samples,
      confirmations: confirmationsFrom(answers),
      automatic,
      signedAt: this.deps.now().toISOString(),
      ...(signer ? { signer: signer.signer } : {}),
      ...(options.claimCopyright ? { copyrightClaim: options.claimCopyright } : {}),
    });
    return {
      notice: composeNotice(input, this.deps.directory),
      input,
      profile,
      samples,
      threat,
      claimable: signer ? [] : claimableOriginals(input.threat, samples),
    };
  }

  /**
   * Whose likeness a notice is about. The account holder's own threats: theirs, signed by them.
   * Another protected person's (enterprise): that person's own profile and samples, signed by the
   * account holder as their authorised agent, and only while the person's consent is current; a
   * notice never states the holder's likeness for someone else's face or voice.
   */
  private async subjectOf(userId: string, personId: string | undefined) {
    const holder = await this.deps.people.getProfile(userId);
    if (!holder) throw new DomainError("not-found", "Threat not found");
    if (!personId || personId === SELF_PERSON_ID) {
      return { profile: holder, samples: await this.deps.people.enrolledSamples(userId), signer: undefined };
    }
    const member = await this.deps.people.protectedMember(userId, personId);
    const profile = member ? await this.deps.people.getProfile(member.memberUserId) : null;
    if (!member || !profile) {
      throw new DomainError(
        "conflict",
        "This person is no longer protected by this account (their consent was withdrawn or the protection ended), so no notice can be sent for them.",
      );
    }
    const holderName = [holder.firstName, holder.lastName].filter(Boolean).join(" ");
    if (!holderName) throw new IncompleteProfileError(["first name", "last name"]);
    return {
      profile,
      samples: await this.deps.people.enrolledSamples(member.memberUserId),
      signer: {
        personName: member.displayName,
        signer: {
          kind: "authorised_agent" as const,
          fullName: holderName,
          capacity: `authorised by ${member.displayName}, who accepted this account's protection and consented in their own name on LikenessGuard`,
        },
      },
    };
  }
}
