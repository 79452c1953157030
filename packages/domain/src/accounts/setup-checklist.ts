/**
 * What protection needs, one item each: the one definition the stats endpoint answers with and the
 * dashboard shows.
 */

export type ChecklistItemId = "consent" | "name" | "platforms" | "face" | "voice" | "scan";

export interface ChecklistItem {
  id: ChecklistItemId;
  label: string;
  done: boolean;
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

/** The items in the order onboarding asks for them; without platforms or a recent scan nothing is looked at. */
export function setupChecklist(facts: SetupFacts, now: number): ChecklistItem[] {
  const named = Boolean(facts.firstName?.trim() && facts.lastName?.trim()) || facts.aliases.length > 0;
  const scanAge = facts.lastScanAt ? now - Date.parse(facts.lastScanAt) : undefined;
  const recentScan = scanAge !== undefined && scanAge <= 2 * facts.scanIntervalHours * HOUR_MS;
  return [
    {
      id: "consent",
      label: "Biometric consent given",
      done: facts.consentGiven,
      todo: "Agree to the biometric consent so your face and voice can be used.",
    },
    {
      id: "name",
      label: "Name and aliases",
      done: named,
      todo: "Enter your name and the names you are known by, so impersonations can be matched.",
    },
    {
      id: "platforms",
      label: "Platforms to watch",
      done: facts.platforms.length > 0,
      todo: "Choose the platforms to scan.",
    },
    {
      id: "face",
      label: "Verified face",
      done: facts.faceVerified,
      todo: facts.faceEnrolled
        ? "Your face photos are stored but not verified: finish the short live check with your camera."
        : "Enrol your face with your camera (three live poses).",
    },
    {
      id: "voice",
      label: "Voice",
      done: facts.voiceEnrolled,
      todo: "Record or upload a sample of your voice.",
    },
    {
      id: "scan",
      label: facts.lastScanAt ? "Recent scan" : "First scan",
      done: recentScan,
      todo: facts.lastScanAt
        ? "Your last scan is older than your plan's schedule allows: run a scan."
        : "Run your first scan.",
    },
  ];
}
