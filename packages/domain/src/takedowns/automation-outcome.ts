import type { z } from "zod";
import type { AutoTakedownOutcome } from "../table/entities.js";

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

/** One outcome as the threat and the takedown centre show it. */
export function automationView(outcome: AutomationOutcomeRecord) {
  return {
    threatId: outcome.threatId,
    reason: outcome.reason,
    detail: outcome.detail,
    ...(outcome.modality ? { modality: outcome.modality } : {}),
    platform: outcome.platform,
    contentUrl: outcome.contentUrl,
    at: outcome.at,
  };
}
export type AutomationView = ReturnType<typeof automationView>;
