import type { ScanFrequency } from "../tiers.js";

/**
 * What the dashboard states instead of a score (issue 36 item 1): per likeness, whether scans search
 * for it and if not why; where (the chosen platforms) and how often (the schedule); how the latest
 * scan ended; and the open threats. A single percentage measured neither protection nor risk (75%
 * for a face never searched), so the page says the facts themselves, from stored records only.
 */

export type Modality = "face" | "voice";

/** The stored facts one modality's coverage is read from. */
export interface ModalityFacts {
  /** Some sample of it is stored. */
  stored: boolean;
  /** Some stored sample is one scans search for (enrolment-verification.ts `searchedInScans`). */
  searched: boolean;
  /** A live capture of this face is held for review (the same face is verified on another account). */
  heldForReview?: boolean;
}

export interface ModalityCoverage {
  searched: boolean;
  /** Why it is not searched, in the words the page shows; absent when it is. */
  notSearchedReason?: string;
}

export interface Coverage {
  face: ModalityCoverage;
  voice: ModalityCoverage;
  /** The platform ids every scheduled or started scan searches. */
  platforms: string[];
  /** How often scheduled scans run; null while none is scheduled (no platform chosen). */
  schedule: ScanFrequency | null;
  /** When the latest scan that succeeded ended. */
  lastScanAt?: string;
  /** How the latest scan that ended, ended. */
  lastScanOutcome?: "succeeded" | "failed";
  openThreats: number;
  /**
   * The intimate-image hashes the person registered (docs/hashes.md): every scan and the shared
   * crawl compare what they find with them, with or without a face or voice enrolled. Absent from
   * an API older than the field, which the page reads as none.
   */
  registeredImages?: number;
}

export interface CoverageFacts {
  face: ModalityFacts;
  voice: ModalityFacts;
  platforms: readonly string[];
  schedule: ScanFrequency;
  lastScanAt?: string;
  lastScanOutcome?: "succeeded" | "failed";
  openThreats: number;
  registeredImages?: number;
}

function faceReason(face: ModalityFacts): string {
  if (face.heldForReview) {
    return "your live capture is held for review, because the same face is verified on another account";
  }
  if (face.stored) {
    return "your face photos are stored but not searched until you verify them with the live check (anyone can upload anyone's photo)";
  }
  return "no face is enrolled";
}

function modalityCoverage(modality: Modality, facts: ModalityFacts, platforms: number): ModalityCoverage {
  if (!facts.searched) {
    return { searched: false, notSearchedReason: modality === "face" ? faceReason(facts) : "no voice is enrolled" };
  }
  if (platforms === 0) return { searched: false, notSearchedReason: "no platform is chosen to search" };
  return { searched: true };
}

export function coverageOf(facts: CoverageFacts): Coverage {
  const platforms = [...new Set(facts.platforms)];
  return {
    face: modalityCoverage("face", facts.face, platforms.length),
    voice: modalityCoverage("voice", facts.voice, platforms.length),
    platforms,
    schedule: platforms.length > 0 ? facts.schedule : null,
    ...(facts.lastScanAt ? { lastScanAt: facts.lastScanAt } : {}),
    ...(facts.lastScanOutcome ? { lastScanOutcome: facts.lastScanOutcome } : {}),
    openThreats: facts.openThreats,
    registeredImages: facts.registeredImages ?? 0,
  };
}

const MEDIA: Record<Modality, string> = { face: "pictures and videos", voice: "videos and audio" };
const LABEL: Record<Modality, string> = { face: "Your face", voice: "Your voice" };
const SCHEDULE: Record<ScanFrequency, string> = {
  hourly: "every hour",
  daily: "every day",
  weekly: "every week",
};

/** "Facebook, Reddit and YouTube". */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** One sentence per modality: searched where and how often, or not searched and why. */
export function modalityLine(
  coverage: Coverage,
  modality: Modality,
  platformName: (id: string) => string = (id) => id,
): string {
  const standing = coverage[modality];
  if (!standing.searched) return `${LABEL[modality]} is not searched: ${standing.notSearchedReason}.`;
  const where = listOf(coverage.platforms.map(platformName));
  const when = coverage.schedule ? `, ${SCHEDULE[coverage.schedule]} and whenever you run a scan` : "";
  return `${LABEL[modality]} is searched in ${MEDIA[modality]} on ${where}${when}.`;
}

/** How the latest scan went, which is what "nothing found" rests on. */
export function lastScanLine(coverage: Coverage): string {
  if (coverage.lastScanOutcome === "failed") {
    return "Your latest scan failed, so recent content was not checked. Run a scan to check again.";
  }
  return coverage.lastScanAt ? "" : "No scan has run yet, so nothing has been checked.";
}

/** What registered image hashes are compared with; empty when none is registered. */
export function registeredImagesLine(coverage: Coverage): string {
  const n = coverage.registeredImages ?? 0;
  if (n === 0) return "";
  const hashes = `${n.toLocaleString("en-US")} registered image hash${n === 1 ? " is" : "es are"}`;
  return `Your ${hashes} compared with every picture and video frame your scans and the shared crawl of public sources find.`;
}

export function openThreatsLine(coverage: Coverage): string {
  const n = coverage.openThreats;
  if (n === 0) return "No open threats.";
  return `${n.toLocaleString("en-US")} open threat${n === 1 ? "" : "s"} to review.`;
}

/** Every likeness the service can search for is searched. */
export const fullySearched = (coverage: Coverage) => coverage.face.searched && coverage.voice.searched;

/**
 * What an empty threat list says: what was looked for and where, and never "secure" (issue 36): even a
 * clean scan of everything covers only the chosen platforms, as of the latest scan.
 */
export function emptyListLine(coverage: Coverage, platformName: (id: string) => string = (id) => id): string {
  const pending = lastScanLine(coverage);
  if (pending) return `No threats found. ${pending}`;
  const registered = (coverage.registeredImages ?? 0) > 0;
  if (coverage.platforms.length === 0 && registered) {
    return "No threats found: the shared crawl compares what it reads of public sources with your registered images. Your own scans search no platform until you choose one.";
  }
  const searched: string[] = (["face", "voice"] as const).filter((m) => coverage[m].searched);
  if (registered) searched.push("registered images");
  if (searched.length === 0) {
    return "No threats found, but nothing of yours is searched yet. Finish the setup checklist to be searched for.";
  }
  const what = `your ${listOf(searched)}`;
  const unsearched = (["face", "voice"] as const).find((m) => !coverage[m].searched);
  const gap = unsearched ? ` ${modalityLine(coverage, unsearched, platformName)}` : "";
  return `No threats found: the latest scan looked for ${what} on ${listOf(coverage.platforms.map(platformName))}.${gap}`;
}
