/**
 * Synthetic-media signals in plain words, for people and platform reviewers: what each one checks,
 * never the model behind it (CLIP, MesoNet, Whisper...) or where it was trained. Threat reasons,
 * the details view and notices all name signals through this (issue 27).
 */
const NAMES: Record<string, string> = {
  c2pa: "Content Credentials (C2PA) in the file",
  "iptc-digital-source-type": "the file's IPTC source-type label",
  "generator-metadata": "AI-generator details in the file's metadata",
  "sd-watermark": "an invisible AI-generator watermark",
  "container-metadata": "the file's container metadata",
  "voice-antispoof": "a voice anti-spoofing check",
  "voice-synthetic": "a cloned-voice detector",
  "ai-image": "an AI-generated-image detector",
  "face-synthetic": "a synthetic-face detector",
  "face-swap-mesonet": "a face-swap detector",
  "face-swap-sbi": "a blending-boundary face-swap detector",
  "face-forgery-net": "a face-forgery detector",
};

/** A signal's plain name; an id this list does not know yet reads as a generic detector, never as its id. */
export function signalName(id: string): string {
  return NAMES[id] ?? "an automated detector";
}

/** "an AI-generated-image detector and a synthetic-face detector". */
export function signalNames(ids: readonly string[]): string {
  const names = [...new Set(ids.map(signalName))];
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** "Content Credentials (C2PA) in the file" → "Content Credentials (C2PA) in the file", capitalised for a label. */
export const signalLabel = (id: string) => {
  const name = signalName(id).replace(/^(an?|the) /, "");
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * A stored reason in plain words: threats recorded before reasons named signals plainly say
 * "(ai-image, face-synthetic; ...)" or "voice-synthetic found it synthetic"; each id becomes its name.
 */
export function plainReason(reason: string): string {
  const ids = Object.keys(NAMES).sort((a, b) => b.length - a.length);
  const listed = new RegExp(`\\b(?:${ids.join("|")})(?:, (?:${ids.join("|")}))*\\b`, "g");
  return reason
    .replace(listed, (run) => signalNames(run.split(", ")))
    .replace(/\bfused score\b/g, "the combined detectors' score");
}
