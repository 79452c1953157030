import {
  type AlertEmailSender,
  assertNoticeAllowed,
  type ComposedNotice,
  composeNotice,
  type NoticeSender,
  nextCheckTime,
  noticeInputFromProfile,
  planDelivery,
  type Recipient,
  type RecipientDirectory,
  removalDeadline,
  renderSentNoticeCopyEmail,
  shouldAutoTakedown,
} from "@lg/notices";
import { DomainError } from "../errors.js";
import type { ThreatRepository } from "../scanning/threat-ports.js";
import { changeThreatStatus } from "../scanning/threat-status.js";
import { confirmationPrompts, confirmationsFrom } from "./confirmation-answers.js";
import { inDomainErrors } from "./notice-errors.js";
import type { NoticeRepository, PersonRecords } from "./ports.js";

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
}

export interface NoticeDraft {
  requestContent: string;
  route: ComposedNotice["route"];
  recipient: string;
  requiresConfirmation: string[];
}

export type SendOutcome =
  | { sent: true; recipient: string; noticeId: string; route: ComposedNotice["route"] }
  /** Web forms have captchas and logins: the person pastes the text into the form themself. */
  | { sent: false; recipient: string; formUrl: string; requestContent: string };

export interface SendOptions {
  confirmations: readonly string[];
  /** Sent by the auto-takedown workflow on the standing confirmations of the person's setting. */
  automatic?: boolean;
}

function recipientAddress(recipient: Recipient): string {
  if (recipient.kind === "none") return recipient.platformName;
  return recipient.channel.kind === "email" ? recipient.channel.address : recipient.channel.url;
}

/** From a threat to a notice the person can read, and from their confirmations to a sent, tracked notice. */
export class NoticeService {
  constructor(private readonly deps: NoticeServiceDeps) {}

  async generate(userId: string, threatId: string): Promise<NoticeDraft> {
    return inDomainErrors(async () => {
      const { notice } = await this.compose(userId, threatId, [], false);
      return {
        requestContent: notice.text,
        route: notice.route,
        recipient: recipientAddress(notice.recipient),
        requiresConfirmation: confirmationPrompts(notice.missingConfirmations),
      };
    });
  }

  async send(userId: string, threatId: string, options: SendOptions): Promise<SendOutcome> {
    return inDomainErrors(async () => {
      const automatic = options.automatic ?? false;
      const { notice, input, profile } = await this.compose(userId, threatId, options.confirmations, automatic);
      const delivery = planDelivery(notice, input);
      const recipient = recipientAddress(notice.recipient);
      if (delivery.kind === "web_form") {
        return { sent: false, recipient, formUrl: delivery.url, requestContent: delivery.text };
      }
      const { messageId } = await this.deps.sender.send(delivery.message);
      const sentAt = this.deps.now();
      const route = delivery.message.route;
      const deadlineAt = removalDeadline(route, sentAt.toISOString());
      const noticeId = this.deps.newId();
      await this.deps.notices.put({
        userId,
        noticeId,
        threatId,
        route,
        recipient,
        content: notice.text,
        status: "sent",
        sentAt: sentAt.toISOString(),
        deadlineAt,
        nextCheckAt: nextCheckTime(sentAt.toISOString(), deadlineAt, sentAt),
        messageId,
        automatic,
        createdAt: sentAt.toISOString(),
      });
      await changeThreatStatus(
        this.deps.threats,
        { userId, threatId, to: "takedown_requested", actor: "system", reason: `takedown_sent_${route}` },
        () => sentAt.toISOString(),
      );
      if (automatic && profile.email) {
        const copy = renderSentNoticeCopyEmail(notice, this.deps.appUrl);
        await this.deps.personMail.send({ ...copy, to: profile.email });
      }
      return { sent: true, recipient, noticeId, route };
    });
  }

  /**
   * Whether the auto-takedown workflow may send for this threat now: the person may have turned
   * the setting off, or triaged the threat, since the scan handed it over.
   */
  async autoTakedownAllowed(userId: string, threatId: string): Promise<boolean> {
    const [threat, profile] = await Promise.all([
      this.deps.threats.get(userId, threatId),
      this.deps.people.getProfile(userId),
    ]);
    return Boolean(threat && profile && shouldAutoTakedown(threat, profile));
  }

  private async compose(userId: string, threatId: string, answers: readonly string[], automatic: boolean) {
    const threat = (await this.deps.threats.get(userId, threatId)) ?? undefined;
    assertNoticeAllowed(threat, userId, threatId);
    const profile = await this.deps.people.getProfile(userId);
    if (!profile) throw new DomainError("not-found", "Threat not found");
    const input = noticeInputFromProfile({
      profile,
      threat,
      samples: await this.deps.people.enrolledSamples(userId),
      confirmations: confirmationsFrom(answers),
      automatic,
      signedAt: this.deps.now().toISOString(),
    });
    return { notice: composeNotice(input, this.deps.directory), input, profile };
  }
}
