import path from "node:path";
import type { LabelledFile } from "@lg/detection/labelled-data";
import type { Persona } from "./personas.js";
import { mulberry32 } from "./seeded-random.js";

export type SimSource =
  | "youtube"
  | "reddit"
  | "x"
  | "bluesky"
  | "mastodon"
  | "telegram"
  | "tiktok"
  | "4chan"
  | "pastebin"
  | "ebay"
  | "discord"
  | "rss"
  | "web";
export type MediaKind = "image" | "audio" | "video";
export type PlantReason = "face-match" | "voice-match" | "voice-clone" | "impersonation" | "posted-by-test";

export interface SimAccount {
  handle: string;
  displayName: string;
  avatarPath: string;
  bio: string;
  /** Set on planted look-alike accounts. */
  impersonates?: string;
}

export interface SimItem {
  /** Numeric so it fits every platform's id shape (tweet ids, 4chan post numbers, ...). */
  no: number;
  source: SimSource;
  /**
   * The platform catalogue's id for where it lives (twitter for the X API, imageboards for 4chan,
   * facebook, darkweb, ... for web pages and feeds), so recall is scored against the plan's platforms.
   */
  platform: string;
  /** Channel, board, subreddit or feed the item lives in. */
  channel: string;
  title: string;
  text: string;
  author: SimAccount;
  postedAt: string;
  media: { path: string; kind: MediaKind; contentType: string }[];
  /** Why it is planted: it shows the persona's face or voice (genuine or cloned). */
  planted?: { reason: PlantReason; subject: string };
  /** The media are labelled synthetic (cloned voice, generated or swapped image). */
  synthetic: boolean;
}

export interface Scenario {
  persona: Persona & { note: string };
  seed: number;
  items: SimItem[];
  accounts: SimAccount[];
  channels: Record<SimSource, string[]>;
  webPlatforms: string[];
}

export interface ScenarioOptions {
  /** Total items across all platforms. */
  totalItems: number;
  /** How many of them carry the persona's face or voice. */
  plantedItems: number;
  seed: number;
  /**
   * Labelled synthetic pictures posted on Reddit in addition, planted as the face they show: a
   * test that enrols that face gets a face match whose media really is synthetic.
   */
  syntheticFaces?: string[];
}

const imageSources: SimSource[] = [
  "youtube",
  "reddit",
  "x",
  "bluesky",
  "mastodon",
  "telegram",
  "tiktok",
  "4chan",
  "ebay",
  "discord",
  "web",
  "rss",
];
const audioSources: SimSource[] = ["telegram", "discord", "mastodon", "web", "rss", "pastebin"];
const webPlatforms = [
  "facebook",
  "instagram",
  "linkedin",
  "amazon",
  "onlyfans",
  "pornhub",
  "darkweb",
  "deepweb",
  "crypto",
];
const channels: Record<SimSource, string[]> = {
  youtube: ["UCsimNewsChannel0000000001"],
  reddit: ["r/politics", "r/deepfakes"],
  x: [],
  bluesky: [],
  mastodon: [],
  telegram: ["worldnews_feed", "leaks_daily"],
  tiktok: [],
  "4chan": ["pol", "b"],
  pastebin: [],
  ebay: [],
  discord: ["1100000000000000001", "1100000000000000002"],
  rss: ["crypto", "deepweb"],
  web: webPlatforms,
};

/** Sources whose platform catalogue id differs from the API they speak. */
const catalogueIds: Partial<Record<SimSource, string>> = { x: "twitter", "4chan": "imageboards" };

/** The platform catalogue's id of an item posted on `source` in `channel` (a web page's or a feed's channel names it). */
export const platformOf = (source: SimSource, channel: string): string =>
  source === "web" || source === "rss" ? channel : (catalogueIds[source] ?? source);

const decoyTexts = [
  "Morning stream: cooking pasta from scratch",
  "Look at this sunset over the harbour",
  "Throwback to the conference keynote last year",
  "New episode of the podcast is out",
  "Street interview about housing prices",
  "Unboxing the new camera",
];

export function contentTypeOf(file: string): string {
  const ext = path.extname(file).toLowerCase();
  return (
    {
      ".jpg": "image/jpeg",
      ".jpeg": "image/jpeg",
      ".png": "image/png",
      ".mp4": "video/mp4",
      ".wav": "audio/wav",
      ".mp3": "audio/mpeg",
      ".flac": "audio/flac",
    }[ext] ?? "application/octet-stream"
  );
}

function kindOf(file: LabelledFile): MediaKind {
  return file.kind === "speech" ? "audio" : file.kind === "video" ? "video" : "image";
}

/**
 * Builds the planted-and-decoy world: `plantedItems` items carry other files of the persona's
 * face or voice subject (never the enrolment files), some posted by look-alike accounts; the
 * rest carry other identities, other voices and non-face images. Files are reused under many
 * item numbers, so volume costs no copies.
 */
/**
 * People a labelled file shows that its labels do not name. A decoy must not show the persona, or a
 * correct face match on it would be scored as a false threat: the Hamilton clip's labels name the
 * two performers, but Barack Obama sits in the White House audience from 8 s (frames 8-9 match his
 * enrolment at cosine distance 0.41-0.46).
 */
const UNLABELLED_SUBJECTS: Record<string, string[]> = {
  "faces/face_recognition/examples/short_hamilton_clip.mp4": ["fr:obama"],
};

export function buildScenario(labelled: LabelledFile[], persona: Persona, options: ScenarioOptions): Scenario {
  const labels = labelled.map((f) =>
    UNLABELLED_SUBJECTS[f.path] ? { ...f, subjects: [...f.subjects, ...(UNLABELLED_SUBJECTS[f.path] ?? [])] } : f,
  );
  const rand = mulberry32(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const isPersona = (f: LabelledFile) =>
    f.subjects.includes(persona.faceSubject) || f.subjects.includes(persona.voiceSubject);
  const enrolment = new Set([persona.faceEnrolment, persona.voiceEnrolment]);
  const faceFiles = labels.filter(
    (f) => f.subjects.includes(persona.faceSubject) && f.kind !== "video" && !enrolment.has(f.path),
  );
  const voiceFiles = labels.filter((f) => f.subjects.includes(persona.voiceSubject) && !enrolment.has(f.path));
  const genuineVoice = voiceFiles.filter((f) => !f.synthetic);
  const clonedVoice = voiceFiles.filter((f) => f.synthetic);
  const decoys = labels.filter((f) => !isPersona(f) && !enrolment.has(f.path));
  if (faceFiles.length === 0 || genuineVoice.length === 0 || clonedVoice.length === 0 || decoys.length === 0)
    throw new Error(`Not enough labelled data for persona ${persona.id}`);

  const avatarOf = (f: LabelledFile | undefined) => f?.path ?? persona.faceEnrolment;
  const impersonators: SimAccount[] = persona.impersonatorHandles.map((handle, i) => ({
    handle,
    displayName: persona.displayName,
    avatarPath: avatarOf(faceFiles[i % faceFiles.length]),
    bio: `Official account of ${persona.displayName}. DMs open for business.`,
    impersonates: persona.id,
  }));
  const faceDecoys = decoys.filter((f) => f.kind === "face");
  const others: SimAccount[] = Array.from({ length: 24 }, (_, i) => ({
    handle: `user${1000 + i}`,
    displayName: `User ${1000 + i}`,
    avatarPath: faceDecoys[i % faceDecoys.length]!.path,
    bio: "Posts about news, food and travel.",
  }));

  const items: SimItem[] = [];
  const start = Date.UTC(2026, 9, 1);
  for (let i = 0; i < options.totalItems; i++) {
    const planted = i < options.plantedItems;
    let file: LabelledFile;
    let reason: PlantReason | undefined;
    let account = pick(others);
    if (planted) {
      const roll = i % 5;
      const voice = roll === 3 || roll === 4;
      // Roll 3 plants a genuine recording of the voice, roll 4 a cloned one.
      const voicePool = roll === 3 ? genuineVoice : clonedVoice;
      file = voice ? voicePool[i % voicePool.length]! : faceFiles[i % faceFiles.length]!;
      reason = voice ? (file.synthetic ? "voice-clone" : "voice-match") : "face-match";
      if (roll === 2) {
        account = impersonators[i % impersonators.length]!;
        reason = "impersonation";
      }
    } else {
      file = pick(decoys);
    }
    const kind = kindOf(file);
    const source = pick(kind === "audio" ? audioSources : imageSources);
    const platform =
      source === "web" ? pick(webPlatforms) : source === "rss" ? pick(channels.rss) : platformOf(source, "");
    const mentionsName = planted || rand() < 0.6;
    const text = mentionsName
      ? `${pick(["Leaked clip of", "Exclusive:", "Watch", "Unbelievable new video of", "Listen to"])} ${persona.displayName} ${pick(["#deepfake", "#news", "#viral", ""])}`.trim()
      : pick(decoyTexts);
    items.push({
      no: 1_000_001 + i,
      source,
      platform,
      channel: pick(channels[source].length > 0 ? channels[source] : ["main"]),
      title: text.slice(0, 80),
      text,
      author: account,
      postedAt: new Date(start + i * 3_600_000).toISOString(),
      media: [{ path: file.path, kind, contentType: contentTypeOf(file.path) }],
      ...(reason
        ? { planted: { reason, subject: kind === "audio" ? persona.voiceSubject : persona.faceSubject } }
        : {}),
      synthetic: file.synthetic === true,
    });
  }
  for (const [i, file] of (options.syntheticFaces ?? []).entries()) {
    const label = labels.find((f) => f.path === file);
    if (!label?.synthetic) throw new Error(`${file} is not a labelled synthetic file`);
    const text = `${pick(["Look at", "New picture of"])} ${persona.displayName}`;
    items.push({
      no: 1_000_001 + options.totalItems + i,
      source: "reddit",
      platform: "reddit",
      channel: pick(channels.reddit),
      title: text,
      text,
      author: pick(others),
      postedAt: new Date(start + (options.totalItems + i) * 3_600_000).toISOString(),
      media: [{ path: file, kind: "image", contentType: contentTypeOf(file) }],
      planted: { reason: "face-match", subject: `synthetic:${file}` },
      synthetic: true,
    });
  }
  // Shuffle so planted items are spread over pages rather than all on the first one.
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return {
    persona: { ...persona, note: "Composite demo persona: face and voice come from different labelled identities." },
    seed: options.seed,
    items,
    accounts: [...impersonators, ...others],
    channels,
    webPlatforms,
  };
}
