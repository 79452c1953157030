import { type Coverage, coverageOf, emptyListLine } from "@lg/domain/accounts/coverage";
import { type ChecklistItem, type ChecklistItemId, setupChecklist } from "@lg/domain/accounts/setup-checklist";
import { platformsForTier, TIERS } from "@lg/domain/tiers";
import type { MembershipTier, Stats, Threat } from "../../api/types";
import { platformName } from "../platforms/catalogue";
import { NO_THREATS_FOUND } from "../threats/empty-list";

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

/** What the dashboard shows of the setup: the checklist, and what is searched, where and how often. */
export interface SetupState {
  checklist: ChecklistItem[];
  coverage: Coverage;
}

/** A signed-in account: exactly what the server computed from its records. */
export function setupFromStats(stats: Stats): SetupState | undefined {
  if (!stats.setupChecklist || !stats.coverage) return undefined;
  return { checklist: stats.setupChecklist, coverage: stats.coverage };
}

/**
 * The demo persona is simulated as fully set up: face and voice searched on every platform of its
 * plan, at the plan's most frequent schedule; its open threats are the demo's.
 */
export function demoSetup(
  tier: MembershipTier,
  threats: Pick<Threat, "status">[],
  lastScanAt: string | undefined,
): SetupState {
  const scannedAt = lastScanAt ?? new Date().toISOString();
  const platforms = platformsForTier(tier).map((p) => p.id);
  const checklist = setupChecklist(
    {
      consentGiven: true,
      firstName: "Demo",
      lastName: "Persona",
      aliases: [],
      platforms,
      faceEnrolled: true,
      faceVerified: true,
      voiceEnrolled: true,
      lastScanAt: scannedAt,
      scanIntervalHours: 168,
    },
    Date.now(),
  );
  const coverage = coverageOf({
    face: { stored: true, searched: true },
    voice: { stored: true, searched: true },
    platforms,
    schedule: TIERS[tier].scanFrequencies[0] ?? "weekly",
    lastScanAt: scannedAt,
    lastScanOutcome: "succeeded",
    openThreats: threats.filter((t) => t.status === "active").length,
  });
  return { checklist, coverage };
}

export const setupComplete = (items: ChecklistItem[]) => items.every((i) => i.done);

/**
 * What an empty threat list says: what the latest scan looked for and where, what is not searched,
 * never "secure" (issue 36); while the account's state is unknown, only that the list is empty.
 */
export function emptyListMessage(setup: SetupState | undefined): string {
  if (!setup) return `${NO_THREATS_FOUND} Whether your protection is running could not be checked.`;
  return emptyListLine(setup.coverage, platformName);
}
