import type { Consent, Profile, Threat } from "../../api/types";

/** What protection needs, one item each; points are what the item adds to the protection score. */
export interface ChecklistItem {
  id: "consent" | "name" | "platforms" | "face" | "voice" | "scan";
  label: string;
  done: boolean;
  points: number;
  /** What to do while it is not done. */
  todo: string;
  to: string;
}

export interface SetupFacts {
  consent?: Pick<Consent, "required">;
  profile?: Pick<Profile, "platforms" | "faceEnrolled" | "faceVerified" | "faceRecaptureNeeded" | "voiceEnrolled"> & {
    firstName?: string;
    lastName?: string;
    aliases?: string[];
  };
  lastScanAt?: string;
}

/**
 * The items in the order onboarding asks for them. Points add to 100: the face weighs most because
 * most threats are pictures and videos of it; without platforms or a scan nothing is looked at.
 */
export function setupChecklist({ consent, profile, lastScanAt }: SetupFacts): ChecklistItem[] {
  const named = Boolean(profile?.firstName?.trim() && profile?.lastName?.trim()) || (profile?.aliases?.length ?? 0) > 0;
  return [
    {
      id: "consent",
      label: "Biometric consent given",
      done: consent !== undefined && !consent.required,
      points: 10,
      todo: "Agree to the biometric consent so your face and voice can be used.",
      to: "/onboarding",
    },
    {
      id: "name",
      label: "Name and aliases",
      done: named,
      points: 15,
      todo: "Enter your name and the names you are known by, so impersonations can be matched.",
      to: "/profile-setup",
    },
    {
      id: "platforms",
      label: "Platforms to watch",
      done: (profile?.platforms.length ?? 0) > 0,
      points: 15,
      todo: "Choose the platforms to scan.",
      to: "/scan-preferences",
    },
    {
      id: "face",
      label: "Verified face",
      done: Boolean(profile?.faceVerified),
      points: 25,
      todo: profile?.faceRecaptureNeeded
        ? "Your face was enrolled with an earlier face model that scans no longer use: capture it again."
        : profile?.faceEnrolled
          ? "Your face photos are stored but not verified: finish the short live check."
          : "Enrol your face (camera or photos with a live check).",
      to: "/biometric-training",
    },
    {
      id: "voice",
      label: "Voice",
      done: Boolean(profile?.voiceEnrolled),
      points: 15,
      todo: "Record or upload a sample of your voice.",
      to: "/onboarding",
    },
    {
      id: "scan",
      label: "First scan",
      done: lastScanAt !== undefined,
      points: 20,
      todo: "Run your first scan.",
      to: "/dashboard",
    },
  ];
}

export const setupComplete = (items: ChecklistItem[]) => items.every((i) => i.done);

export interface ScoreBreakdown {
  score: number;
  /** One line per part of the score, for the tooltip. */
  lines: string[];
}

/** What an active threat costs: 5 points plus up to 10 more with the detection's confidence. */
const threatCost = (t: Pick<Threat, "confidence">) => 5 + (10 * t.confidence) / 100;

/** The score shown on the dashboard: the checklist's points, less what each active threat costs. */
export function protectionScore(
  items: ChecklistItem[],
  threats: Pick<Threat, "status" | "confidence">[],
): ScoreBreakdown {
  const earned = items.filter((i) => i.done).reduce((sum, i) => sum + i.points, 0);
  const active = threats.filter((t) => t.status === "active");
  const cost = active.reduce((sum, t) => sum + threatCost(t), 0);
  const lines = items.map((i) => `${i.done ? "+" : "0 of"} ${i.points}: ${i.label}${i.done ? "" : " (not done)"}`);
  if (active.length > 0)
    lines.push(`-${Math.round(cost)}: ${active.length} threat${active.length === 1 ? "" : "s"} still active`);
  return { score: Math.max(0, Math.round(earned - cost)), lines };
}

/** Saying "secure" is only true once a scan looked at platforms with an enrolled likeness. */
export function protectionRan(facts: SetupFacts): boolean {
  const likeness = Boolean(facts.profile?.faceVerified || facts.profile?.voiceEnrolled);
  return facts.lastScanAt !== undefined && (facts.profile?.platforms.length ?? 0) > 0 && likeness;
}
