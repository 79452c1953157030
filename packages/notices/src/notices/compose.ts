import type { RecipientDirectory } from "../recipients/directory.js";
import { missingConfirmations } from "./confirmations.js";
import { DMCA_TITLE, dmcaElements } from "./dmca.js";
import { DSA_TITLE, dsaElements } from "./dsa.js";
import { NO_CHANNEL_TITLE, noChannelElements } from "./no-channel.js";
import { PLATFORM_REPORT_TITLE, platformReportElements } from "./platform-report.js";
import { decideRoute } from "./route.js";
import { dateOnly, fullName, type NoticeElement, recipientLine } from "./sections.js";
import { TAKE_IT_DOWN_TITLE, takeItDownElements } from "./take-it-down.js";
import type { ConfirmationKey, Notice, NoticeInput, RouteDecision } from "./types.js";

export interface ComposedNotice extends Notice {
  decision: RouteDecision;
  /** Confirmations still needed before this notice may be sent; empty when it may go. */
  missingConfirmations: ConfirmationKey[];
  /** The notice's parts in order, with their headings (a web form's fields are built from them). */
  sections: NoticeElement[];
}

function titleAndElements(input: NoticeInput, decision: RouteDecision) {
  const platformName = decision.recipient.platformName;
  switch (decision.route) {
    case "dmca":
      return { title: DMCA_TITLE, elements: dmcaElements(input, platformName) };
    case "take_it_down":
      return { title: TAKE_IT_DOWN_TITLE, elements: takeItDownElements(input, platformName) };
    case "dsa_article_16":
      return { title: DSA_TITLE, elements: dsaElements(input, platformName) };
    case "platform_report":
      return { title: PLATFORM_REPORT_TITLE, elements: platformReportElements(input, platformName) };
    case "none":
      return { title: NO_CHANNEL_TITLE, elements: noChannelElements(input, platformName, decision.reason) };
  }
}

function renderText(title: string, input: NoticeInput, decision: RouteDecision, elements: NoticeElement[]): string {
  const header = [
    title,
    "",
    `To: ${recipientLine(decision.recipient)}`,
    `From: ${fullName(input.person)} <${input.person.email}>`,
    `Reference: LikenessGuard threat ${input.threat.id}`,
    `Date: ${dateOnly(input.signedAt)}`,
  ].join("\n");
  const body = elements.map((element) => `${element.heading}\n${element.body}`).join("\n\n");
  return `${header}\n\n${body}\n`;
}

/** Builds the notice for one threat: route, recipient and text. Generating never sends anything. */
export function composeNotice(input: NoticeInput, directory: RecipientDirectory): ComposedNotice {
  const entry = directory.find(input.threat.platform);
  const routed = decideRoute(input.threat, input.person, entry, input.confirmations, {
    claimCopyright: input.copyrightClaim !== undefined,
  });
  // A DSA notice that also claims copyright states ownership too.
  const decision: RouteDecision =
    routed.route === "dsa_article_16" && input.copyrightClaim
      ? { ...routed, requiredConfirmations: ["ownsWork", ...routed.requiredConfirmations] }
      : routed;
  const { title, elements } = titleAndElements(input, decision);
  return {
    threatId: input.threat.id,
    route: decision.route,
    recipient: decision.recipient,
    subject: `${title}: ${decision.recipient.platformName} (ref ${input.threat.id})`,
    text: renderText(title, input, decision, elements),
    elements: Object.fromEntries(elements.map((element) => [element.key, element.body])),
    decision,
    sections: elements,
    missingConfirmations: missingConfirmations(decision, input.confirmations, input.automatic),
  };
}

/** The Download Notice file name: named for the threat id, as the spec asks. */
export function noticeFileName(threatId: string): string {
  return `takedown-notice-${threatId.replace(/[^A-Za-z0-9_-]/g, "_")}.txt`;
}
