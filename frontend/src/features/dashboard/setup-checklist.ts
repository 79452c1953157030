import {
  type ChecklistItem,
  type ChecklistItemId,
  protectionScore,
  setupChecklist,
} from "@lg/domain/accounts/setup-checklist";
import type { Stats, Threat } from "../../api/types";
import { NO_THREATS_FOUND, SECURE } from "../threats/empty-list";

export type { ChecklistItem };

/** Where each item is done: the onboarding step that asks for it (the scan runs from the dashboard). */
export const SETUP_LINKS: Record<ChecklistItemId, string | null> = {
  consent: "/onboarding?step=consent",
  name: "/onboarding?step=identity",
  platforms: "/onboarding?step=platforms",
  face: "/onboarding?step=face",
  voice: "/onboarding?step=voice",
  scan: null,
};

/**
 * Where "Reconfigure Setup" opens: the first part still to do, else the name and handles. Consent,
 * step 1, once given is withdrawn in Settings, so a finished setup never reopens there.
 */
export function reconfigureLink(checklist: readonly ChecklistItem[] | undefined): string {
  const todo = checklist?.find((item) => !item.done && SETUP_LINKS[item.id]);
  return (todo && SETUP_LINKS[todo.id]) || "/onboarding?step=identity";
}

export interface ScoreBreakdown {
  score: number;
  /** One line per part of the score, for the explanation on hover. */
  lines: string[];
}

/** What the dashboard shows of the setup: the checklist, the score with its working, and whether protection ran. */
export interface SetupState {
  checklist: ChecklistItem[];
  score: ScoreBreakdown;
  protectionRan: boolean;
  lastScanAt?: string;
  lastScanOutcome?: "succeeded" | "failed";
}

/** A signed-in account: exactly what the server computed from its records. */
export function setupFromStats(stats: Stats): SetupState | undefined {
  if (!stats.setupChecklist || typeof stats.protectionScore !== "number") return undefined;
  return {
    checklist: stats.setupChecklist,
    score: { score: stats.protectionScore, lines: stats.protectionScoreLines ?? [] },
    protectionRan: stats.protectionRan === true,
    ...(stats.lastScanAt ? { lastScanAt: stats.lastScanAt } : {}),
    ...(stats.lastScanOutcome ? { lastScanOutcome: stats.lastScanOutcome } : {}),
  };
}

/** The demo persona is simulated as fully set up; its score follows the same rule, on the demo's threats. */
export function demoSetup(
  threats: Pick<Threat, "status" | "confidence">[],
  lastScanAt: string | undefined,
): SetupState {
  const checklist = setupChecklist(
    {
      consentGiven: true,
      firstName: "Demo",
      lastName: "Persona",
      aliases: [],
      platforms: ["demo"],
      faceEnrolled: true,
      faceVerified: true,
      voiceEnrolled: true,
      lastScanAt: lastScanAt ?? new Date().toISOString(),
      scanIntervalHours: 168,
    },
    Date.now(),
  );
  return { checklist, score: protectionScore(checklist, threats), protectionRan: true, lastScanOutcome: "succeeded" };
}

export const setupComplete = (items: ChecklistItem[]) => items.every((i) => i.done);

/**
 * What an empty threat list says. "Secure" only when protection is running (a scan looked at
 * platforms for an enrolled likeness), the latest scan succeeded, and nothing was found; while the
 * account's state is unknown (its statistics did not load) it says only that the list is empty.
 */
export function emptyListMessage(setup: SetupState | undefined): string {
  if (!setup) return `${NO_THREATS_FOUND} Whether your protection is running could not be checked.`;
  if (!setup.protectionRan) {
    return setup.lastScanAt === undefined
      ? "No scan has run yet, so nothing has been checked. Finish the setup checklist and run your first scan."
      : "No threats found, but scans can only look for what you have set up. Finish the setup checklist to be protected.";
  }
  if (setup.lastScanOutcome !== "succeeded") {
    return "No threats found so far, but your latest scan failed, so recent content was not checked. Run a scan to check again.";
  }
  return SECURE;
}
