import { threatLink } from "../alerts/render.js";
import { type RenderedEmail, renderNoticeEmail } from "../notices/email.js";
import type { Notice, SendableRoute } from "../notices/types.js";
import { htmlDocument, textToHtmlParagraphs } from "../text/html.js";
import type { TrackingStep } from "./next-step.js";

const ESCALATION: Record<SendableRoute, string[]> = {
  take_it_down: [
    "Report the platform's failure to remove within 48 hours to the US Federal Trade Commission, which enforces the TAKE IT DOWN Act (reportfraud.ftc.gov).",
    "Send the request again through the platform's other channels.",
    "Report the publication to law enforcement.",
  ],
  dmca: [
    "Send a second notice to the platform's designated agent.",
    "Send the notice to the site's hosting provider, which is also bound by 17 U.S.C. 512.",
    "Ask a lawyer about further action.",
  ],
  dsa_article_16: [
    "Use the platform's internal complaint system (DSA Article 20).",
    "Go to a certified out-of-court dispute settlement body (DSA Article 21).",
    "Complain to the Digital Services Coordinator of your country.",
  ],
  platform_report: [
    "Send a formal DMCA or DSA notice instead of a policy report.",
    "Report the account again through the platform's other channels.",
  ],
};

/** What the person can do when a platform does not remove the content, per basis. */
export function escalationOptions(route: SendableRoute): string[] {
  return [...ESCALATION[route]];
}

function hours(ms: number): string {
  return `${Math.round((ms / 3_600_000) * 10) / 10} hours`;
}

/** Tells the person how their takedown ended: removed (and how fast), or not in time, with escalation. */
export function renderTakedownOutcomeEmail(
  step: Exclude<TrackingStep, { action: "recheck" }>,
  notice: Pick<Notice, "threatId"> & { route: SendableRoute; platformName: string; noticeId?: string },
  appUrl: string,
): RenderedEmail {
  // The takedown centre shows the whole case (timeline, re-checks, escalation); the threat otherwise.
  const link = notice.noticeId
    ? `${appUrl.replace(/\/+$/, "")}/takedowns/${encodeURIComponent(notice.noticeId)}`
    : threatLink(appUrl, notice.threatId);
  const [subject, text] =
    step.action === "removed"
      ? [
          `Removed from ${notice.platformName}`,
          `The content you asked ${notice.platformName} to take down is gone. It was removed ${hours(step.timeToRemovalMs)} after your notice was sent.\n\nDetails: ${link}`,
        ]
      : [
          `Still online at ${notice.platformName}: you can escalate`,
          `${notice.platformName} had not removed the content by ${step.deadlineAt}. The evidence is kept. What you can do next:\n\n` +
            `${ESCALATION[notice.route].map((option) => `- ${option}`).join("\n")}\n\nDetails and escalation: ${link}`,
        ];
  return { subject, text: `${text}\n`, html: htmlDocument(subject, textToHtmlParagraphs(text)) };
}

/** The person's copy of a notice sent for them (automatic takedown sends without a click). */
export function renderSentNoticeCopyEmail(
  notice: Pick<Notice, "subject" | "text" | "threatId">,
  appUrl: string,
): RenderedEmail {
  const intro = `LikenessGuard sent this notice on your behalf. Track it here: ${threatLink(appUrl, notice.threatId)}`;
  return renderNoticeEmail({ subject: `Sent for you: ${notice.subject}`, text: `${intro}\n\n${notice.text}` });
}
