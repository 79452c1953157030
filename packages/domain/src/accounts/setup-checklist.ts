/**
 * What protection needs, one item each, and the protection score computed from it: the one
 * definition the stats endpoint answers with and the dashboard shows (checklist and score).
 */

export type ChecklistItemId = "consent" | "name" | "platforms" | "face" | "voice" | "scan";

export interface ChecklistItem {
  id: ChecklistItemId;
  label: string;
  done: boolean;
  /** What the item adds to the protection score when done; the items' points add to 100. */
  points: number;
  /** What to do while it is not done. */
  todo: string;
}

/** The facts the checklist is read from, all from stored records. */
export interface SetupFacts {
  consentGiven: boolean;
  firstName?: string;
  lastName?: string;
  aliases: readonly string[];
  platforms: readonly string[];
  faceEnrolled: boolean;
  /** Checked by the server itself (a live capture, or a match to one). */
  faceVerified: boolean;
  voiceEnrolled: boolean;
  /** When the latest finished scan ended. */
  lastScanAt?: string;
  /** The tier's interval between scheduled scans: a scan older than twice it no longer counts. */
  scanIntervalHours: number;
}

const HOUR_MS = 3_600_000;

/**
 * The items in the order onboarding asks for them. The face weighs most because most threats are
 * pictures and videos of it; without platforms or a recent scan nothing is looked at.
 */
export function setupChecklist(facts: SetupFacts, now: number): ChecklistItem[] {
  const named = Boolean(facts.firstName?.trim() && facts.lastName?.trim()) || facts.aliases.length > 0;
  const scanAge = facts.lastScanAt ? now - Date.parse(facts.lastScanAt) : undefined;
  const recentScan = scanAge !== undefined && scanAge <= 2 * facts.scanIntervalHours * HOUR_MS;
  return [
    {
      id: "consent",
      label: "Biometric consent given",
      done: facts.consentGiven,
      points: 10,
      todo: "Agree to the biometric consent so your face and voice can be used.",
    },
    {
      id: "name",
      label: "Name and aliases",
      done: named,
      points: 15,
      todo: "Enter your name and the names you are known by, so impersonations can be matched.",
    },
    {
      id: "platforms",
      label: "Platforms to watch",
      done: facts.platforms.length > 0,
      points: 15,
      todo: "Choose the platforms to scan.",
    },
    {
      id: "face",
      label: "Verified face",
      done: facts.faceVerified,
      points: 25,
      todo: facts.faceEnrolled
        ? "Your face photos are stored but not verified: finish the short live check with your camera."
        : "Enrol your face with your camera (three live poses).",
    },
    {
      id: "voice",
      label: "Voice",
      done: facts.voiceEnrolled,
      points: 15,
      todo: "Record or upload a sample of your voice.",
    },
    {
      id: "scan",
      label: facts.lastScanAt ? "Recent scan" : "First scan",
      done: recentScan,
      points: 20,
      todo: facts.lastScanAt
        ? "Your last scan is older than your plan's schedule allows: run a scan."
        : "Run your first scan.",
    },
  ];
}

export interface ProtectionScore {
  /** 0-100. */
  score: number;
  /** How it was computed, one line per part, for the explanation shown on hover. */
  lines: string[];
}

/** What an active threat costs: 5 points plus up to 10 more with the detection's confidence. */
const threatCost = (confidence: number) => 5 + (10 * confidence) / 100;

/**
 * The checklist's points, less what each active threat costs, floored at 0. An account with
 * nothing set up scores 0: the score never says protected for someone nobody is looking for.
 */
export function protectionScore(
  items: readonly ChecklistItem[],
  threats: readonly { status: string; confidence: number }[],
): ProtectionScore {
  const earned = items.filter((i) => i.done).reduce((sum, i) => sum + i.points, 0);
  const active = threats.filter((t) => t.status === "active");
  const cost = active.reduce((sum, t) => sum + threatCost(t.confidence), 0);
  const lines = items.map((i) => `${i.done ? "+" : "0 of"} ${i.points}: ${i.label}${i.done ? "" : " (not done)"}`);
  if (active.length > 0) {
    lines.push(`-${Math.round(cost)}: ${active.length} threat${active.length === 1 ? "" : "s"} still active`);
  }
  return { score: Math.max(0, Math.round(earned - cost)), lines };
}

/** "Nothing found" means something only once a scan looked at platforms for an enrolled likeness. */
export function protectionRan(facts: SetupFacts): boolean {
  return facts.lastScanAt !== undefined && facts.platforms.length > 0 && (facts.faceVerified || facts.voiceEnrolled);
}
