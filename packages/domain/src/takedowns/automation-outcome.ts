import type { z } from "zod";
import type { AutoTakedownOutcome } from "../table/entities.js";
import { PLATFORMS } from "../tiers.js";
import type { NoticeDraft } from "./notice-service.js";

export type AutomationOutcomeRecord = z.infer<typeof AutoTakedownOutcome.schema>;
export type AutomationSkip = AutomationOutcomeRecord["reason"];

/** Where the reasons an automatic takedown sent nothing are kept, one per threat (the latest). */
export interface AutomationOutcomes {
  put(outcome: AutomationOutcomeRecord): Promise<void>;
  get(userId: string, threatId: string): Promise<AutomationOutcomeRecord | null>;
  /** Newest first. */
  list(userId: string): Promise<AutomationOutcomeRecord[]>;
}

/**
 * What automation did, in words that are true, and the one step that lets the notice go: verify the
 * likeness, or open the notice to confirm and send (or file, or download) it.
 */
export const AUTOMATION_SKIP_TEXT: Record<AutomationSkip, string> = {
  "unverified-likeness":
    "Automatic takedown sent nothing: this threat's match rests on a likeness the server has not verified, so no notice goes out in your name.",
  "needs-person":
    "Automatic takedown sent nothing: this notice's basis (a DMCA or TAKE IT DOWN claim) or the platform's web form needs you to confirm it and send or file it yourself.",
  "no-channel":
    "Automatic takedown sent nothing: LikenessGuard has no address or form that takes notices for this platform. Download the notice and send it to the platform yourself.",
  refused: "Automatic takedown sent nothing:",
};

const BASIS_WORDS: Record<NoticeDraft["route"], string> = {
  dmca: "copyright (DMCA) notices",
  take_it_down: "TAKE IT DOWN requests",
  dsa_article_16: "Digital Services Act notices",
  platform_report: "impersonation and privacy reports",
  none: "notices",
};

/**
 * Why automation could not send this threat's notice, naming the actual obstacle: the basis only the
 * person can state (a copyright claim on an original they own, non-consent to an intimate depiction)
 * and/or the platform's web form, with where that form is (issue 36 item 10).
 */
export function needsPersonText(draft: Pick<NoticeDraft, "route" | "channel">, platform: string): string {
  const name = PLATFORMS.find((p) => p.id === platform)?.name ?? platform;
  const obstacles: string[] = [];
  if (draft.route === "dmca")
    obstacles.push("a copyright (DMCA) notice names an original you own and is signed by you after seeing the copy");
  if (draft.route === "take_it_down")
    obstacles.push("a TAKE IT DOWN request states that you did not consent to this depiction, which only you can say");
  if (draft.channel.kind === "web_form")
    obstacles.push(
      `${name} takes ${BASIS_WORDS[draft.route]} only through its web form (${draft.channel.url}), which you fill in yourself`,
    );
  const step = draft.channel.kind === "web_form" ? "file it there" : "confirm and send it";
  return `Automatic takedown sent nothing: ${obstacles.join("; and ")}. The notice is ready: review it and ${step}.`;
}

/** One outcome as the threat and the takedown centre show it; with its threat's title where the centre has the threat. */
export function automationView(outcome: AutomationOutcomeRecord, threat?: { title?: string }) {
  return {
    threatId: outcome.threatId,
    ...(threat?.title ? { threatTitle: threat.title } : {}),
    reason: outcome.reason,
    detail: outcome.detail,
    ...(outcome.modality ? { modality: outcome.modality } : {}),
    platform: outcome.platform,
    contentUrl: outcome.contentUrl,
    at: outcome.at,
  };
}
export type AutomationView = ReturnType<typeof automationView>;
