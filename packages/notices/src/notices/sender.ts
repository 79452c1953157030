import type { ComposedNotice } from "./compose.js";
import { assertConfirmed } from "./confirmations.js";
import { type RenderedEmail, renderNoticeEmail } from "./email.js";
import { NoRecipientError } from "./errors.js";
import type { NoticeInput, SendableRoute } from "./types.js";

export interface OutgoingNoticeEmail extends RenderedEmail {
  to: string;
  /** Replies (the platform's questions, counter-notices) go to the person, not to us. */
  replyTo: string;
  threatId: string;
  route: SendableRoute;
}

/** Port: SES in AWS, the outbox locally. Returns the provider's message id for the record. */
export interface NoticeSender {
  send(message: OutgoingNoticeEmail): Promise<{ messageId: string }>;
}

/**
 * How a notice leaves: by email, or through a web form the person submits themself (forms have
 * captchas and logins, so they cannot be filled in on the person's behalf).
 */
export type NoticeDelivery =
  | { kind: "email"; message: OutgoingNoticeEmail; recipientNeedsVerification: boolean }
  | { kind: "web_form"; url: string; text: string; fields: FormField[]; recipientNeedsVerification: boolean };

/** One box of a platform's web form with the text to paste into it. */
export interface FormField {
  label: string;
  value: string;
}

/**
 * The notice laid out as the fields platforms' report forms ask for (who you are, where the content
 * is, what is wrong, the statements, the signature), each from the notice's own words.
 */
export function formFieldsFor(notice: ComposedNotice, input: Pick<NoticeInput, "person" | "threat">): FormField[] {
  const { person, threat } = input;
  const urls = [threat.url, ...threat.sightings.map((s) => s.url)];
  const fields: FormField[] = [
    { label: "Full name", value: `${person.firstName} ${person.lastName}`.trim() },
    { label: "Email", value: person.email },
    { label: "URL of the content", value: urls.filter((url, i) => urls.indexOf(url) === i).join("\n") },
  ];
  // Name, email and the signature have boxes of their own; the rest are pasted as written.
  for (const section of notice.sections) {
    if (section.key === "contact" || section.key === "identity" || section.key === "signature") continue;
    fields.push({ label: section.heading.replace(/^(\d+\.|\([a-z]\))\s+/, ""), value: section.body });
  }
  const signature = notice.sections.find((section) => section.key === "signature");
  if (signature) fields.push({ label: "Signature", value: signature.body });
  return fields;
}

/** Checks the notice may go (a channel exists, confirmations given) and says how it goes. */
export function planDelivery(
  notice: ComposedNotice,
  input: Pick<NoticeInput, "confirmations" | "automatic" | "person" | "threat">,
): NoticeDelivery {
  const { recipient, route } = notice;
  if (recipient.kind === "none" || route === "none") {
    throw new NoRecipientError(recipient.kind === "none" ? recipient.explanation : "No recipient for this notice.");
  }
  assertConfirmed(notice.decision, input.confirmations, input.automatic);
  const { channel } = recipient;
  if (channel.kind === "web_form") {
    return {
      kind: "web_form",
      url: channel.url,
      text: notice.text,
      fields: formFieldsFor(notice, input),
      recipientNeedsVerification: channel.needsVerification,
    };
  }
  const message: OutgoingNoticeEmail = {
    ...renderNoticeEmail(notice),
    to: channel.address,
    replyTo: input.person.email,
    threatId: notice.threatId,
    route,
  };
  return { kind: "email", message, recipientNeedsVerification: channel.needsVerification };
}
