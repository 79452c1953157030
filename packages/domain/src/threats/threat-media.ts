import { DomainError } from "../errors.js";
import type { BiometricSampleRecord } from "../records.js";
import { decodeManifest, type EvidenceFile, type EvidenceStore } from "../scanning/evidence.js";
import { MATCH_FLOOR_PERCENT } from "../scanning/likeness-verdict.js";
import type { ThreatRecord, ThreatRepository } from "./threat-ports.js";

/**
 * What a person can look at or listen to of a threat, read from its evidence package: the video
 * frames whose face matched (the ones the verdict rests on) and the speech of a voice match.
 * Everything comes from the stored package of the caller's own threat; pictures leave only
 * censored, and a recording only where the threat rests on a voice.
 */

/** Face-matched frames kept: enough to judge the likeness at a glance, the strongest matches first. */
export const MAX_MATCH_FRAMES = 4;
/** All frames shown: the face matches plus the frames a synthetic or explicit-content finding rests on. */
export const MAX_VERDICT_FRAMES = 8;

/**
 * An API answer carries at most 6 MB, base64 costs a third: recordings above this are not served
 * here (the evidence package keeps them whole).
 */
export const MAX_SERVED_AUDIO_BYTES = 4 * 1024 * 1024;

export interface VerdictFrame {
  index: number;
  timeSeconds: number;
  /** The face match in this frame, 0-100, when the protected face matched in it. */
  confidence?: number;
  /** The findings this frame carries: "face-match", a synthetic-media signal's id, or "intimate". */
  findings: string[];
}

export interface ThreatMediaFacts {
  kind: "image" | "video" | "audio" | "profile" | "unknown";
  contentType: string | null;
  durationSeconds?: number;
  /** Video: the frames the verdict rests on (face matches, present signals' and explicit-content frames), in time order. */
  frames: VerdictFrame[];
  /** Voice: where speech was found, the part the voice match was computed on. */
  speech: { startS: number; endS: number }[];
  /** Whether GET .../media/audio serves the recording. */
  audioAvailable: boolean;
  /** Intimate imagery: pictures of it are shown more heavily censored. */
  intimate: boolean;
  /** Whether GET .../media/enrolled-photo serves the person's own enrolled face, to compare with the match. */
  enrolledPhotoAvailable: boolean;
}

export interface ThreatMediaDeps {
  threats: ThreatRepository;
  evidence: EvidenceStore;
  /** Censored (blurred, small) JPEGs of the video at these times, in the order asked. */
  renderVideoFrames: (video: Uint8Array, timesSeconds: number[]) => Promise<Uint8Array[]>;
  /** A threat row's small square censored JPEG of a picture; intimate imagery blurred past recognition. */
  renderThumbnail: (picture: Uint8Array, options: { intimate: boolean }) => Promise<Uint8Array>;
  /**
   * The person's enrolled face photos as stored (none for zero-knowledge enrolment or once the raw
   * sample's retention ran out): `samples` lists the unexpired ones, `render` makes a small JPEG.
   */
  enrolledFaces: {
    samples: (userId: string) => Promise<BiometricSampleRecord[]>;
    read: (objectKey: string) => Promise<Uint8Array | null>;
    render: (photo: Uint8Array) => Promise<Uint8Array>;
  };
}

interface StoredFace {
  timeSeconds?: number;
  match?: { personId?: string; confidence?: number } | null;
}
interface StoredFrameFinding {
  status?: string;
  evidence?: { frames?: { timeSeconds?: number }[] };
}
interface StoredDetection {
  media?: { kind?: string; durationSeconds?: number };
  faces?: StoredFace[];
  voice?: { segments?: { startS: number; endS: number }[]; match?: unknown } | null;
  signals?: (StoredFrameFinding & { id?: string })[];
  intimate?: StoredFrameFinding | null;
}

/** Impersonation packages wrap the avatar's reading as `finding`; media packages hold it whole. */
function detectionOf(stored: unknown): StoredDetection {
  if (!stored || typeof stored !== "object") return {};
  const finding = (stored as { finding?: unknown }).finding;
  return (finding && typeof finding === "object" ? finding : stored) as StoredDetection;
}

/** The engine keys unverified samples under the person's id plus a suffix: both are that person. */
const isPerson = (engineId: string | undefined, personId: string) =>
  engineId === personId || Boolean(engineId?.startsWith(`${personId}#`));

/** The frames a finding that is present rests on (a video signal keeps its top-scoring frames as evidence). */
const framesOf = (finding: StoredFrameFinding | null | undefined): number[] =>
  finding?.status === "present"
    ? (finding.evidence?.frames ?? []).map((f) => f.timeSeconds).filter((t): t is number => typeof t === "number")
    : [];

/**
 * The frames a video's verdict rests on: where the protected face matched (the strongest few),
 * and the frames each present synthetic-media signal and the explicit-content finding were
 * decided on. One entry per moment, naming every finding it carries, in time order.
 */
export function verdictFrames(detection: StoredDetection, personId: string): VerdictFrame[] {
  const byTime = new Map<number, { confidence?: number; findings: Set<string> }>();
  const at = (time: number) => {
    const known = byTime.get(time);
    if (known) return known;
    const fresh = { findings: new Set<string>() } as { confidence?: number; findings: Set<string> };
    byTime.set(time, fresh);
    return fresh;
  };
  const matched = (detection.faces ?? [])
    .filter((face) => typeof face.timeSeconds === "number" && face.match && isPerson(face.match.personId, personId))
    .map((face) => ({ timeSeconds: face.timeSeconds as number, confidence: face.match?.confidence ?? 0 }))
    .filter((face) => face.confidence >= MATCH_FLOOR_PERCENT);
  // Several faces of one frame count once, by the best match in it.
  const best = new Map<number, number>();
  for (const face of matched) best.set(face.timeSeconds, Math.max(best.get(face.timeSeconds) ?? 0, face.confidence));
  for (const [time, confidence] of [...best].sort((a, b) => b[1] - a[1]).slice(0, MAX_MATCH_FRAMES)) {
    const frame = at(time);
    frame.confidence = confidence;
    frame.findings.add("face-match");
  }
  for (const signal of detection.signals ?? []) {
    for (const time of framesOf(signal)) at(time).findings.add(signal.id ?? "signal");
  }
  for (const time of framesOf(detection.intimate)) at(time).findings.add("intimate");
  return [...byTime]
    .sort((a, b) => b[1].findings.size - a[1].findings.size || (b[1].confidence ?? 0) - (a[1].confidence ?? 0))
    .slice(0, MAX_VERDICT_FRAMES)
    .sort((a, b) => a[0] - b[0])
    .map(([timeSeconds, frame], index) => ({
      index,
      timeSeconds,
      ...(frame.confidence !== undefined ? { confidence: frame.confidence } : {}),
      findings: [...frame.findings],
    }));
}

export class ThreatMedia {
  constructor(private readonly deps: ThreatMediaDeps) {}

  async facts(userId: string, threatId: string): Promise<ThreatMediaFacts> {
    const { threat, media, detection } = await this.load(userId, threatId);
    const kind = threat.contentType === "profile" ? "profile" : kindOf(media?.contentType);
    const voiceMatched = Boolean(detection.voice?.match);
    return {
      kind,
      contentType: media?.contentType ?? null,
      ...(typeof detection.media?.durationSeconds === "number"
        ? { durationSeconds: detection.media.durationSeconds }
        : {}),
      frames: kind === "video" ? verdictFrames(detection, threat.personId) : [],
      speech: voiceMatched ? (detection.voice?.segments ?? []) : [],
      audioAvailable: servesAudio(threat, media, voiceMatched),
      intimate: isIntimate(threat),
      enrolledPhotoAvailable: (await this.enrolledFace(userId, threat, kind)) !== undefined,
    };
  }

  /** The person's own enrolled face, beside a match on a face (a verified capture first, newest first). */
  async enrolledPhoto(userId: string, threatId: string): Promise<Uint8Array> {
    const { threat, media } = await this.load(userId, threatId);
    const kind = threat.contentType === "profile" ? "profile" : kindOf(media?.contentType);
    const sample = await this.enrolledFace(userId, threat, kind);
    const photo = sample?.objectKey ? await this.deps.enrolledFaces.read(sample.objectKey) : null;
    if (!photo) throw new DomainError("not-found", "No enrolled photo of this person is stored");
    return this.deps.enrolledFaces.render(photo);
  }

  private async enrolledFace(userId: string, threat: ThreatRecord, kind: ThreatMediaFacts["kind"]) {
    if (kind !== "image" && kind !== "video" && kind !== "profile") return undefined;
    const faces = (await this.deps.enrolledFaces.samples(userId)).filter(
      (s) => s.modality === "face" && s.personId === threat.personId && s.objectKey,
    );
    return faces.sort((a, b) => Number(b.verified) - Number(a.verified) || b.createdAt.localeCompare(a.createdAt))[0];
  }

  /** The recording a voice threat rests on. A video's sound is not served: that would hand out its uncensored pictures. */
  async audio(userId: string, threatId: string): Promise<{ contentType: string; bytes: Uint8Array }> {
    const { threat, media, detection } = await this.load(userId, threatId);
    if (!media || !servesAudio(threat, media, Boolean(detection.voice?.match))) {
      throw new DomainError("not-found", "This threat has no matched voice to play");
    }
    if (media.bytes > MAX_SERVED_AUDIO_BYTES) {
      throw new DomainError(
        "too-large",
        "This recording is too large to play here; it is kept whole in the evidence package",
      );
    }
    const bytes = await this.deps.evidence.get(media.key);
    if (!bytes) throw new DomainError("not-found", "The recording is missing from the evidence package");
    return { contentType: media.contentType, bytes };
  }

  /** One of the verdict's frames, censored. */
  async frame(userId: string, threatId: string, index: number): Promise<Uint8Array> {
    const { threat, media, detection } = await this.load(userId, threatId);
    const frames = kindOf(media?.contentType) === "video" ? verdictFrames(detection, threat.personId) : [];
    const frame = frames.find((f) => f.index === index);
    if (!media || !frame) throw new DomainError("not-found", "This threat has no such frame");
    const bytes = await this.deps.evidence.get(media.key);
    if (!bytes) throw new DomainError("not-found", "The video is missing from the evidence package");
    const [jpeg] = await this.deps.renderVideoFrames(bytes, [frame.timeSeconds]);
    if (!jpeg) throw new DomainError("not-found", "The frame could not be read from the video");
    return jpeg;
  }

  /**
   * The picture a threat row shows: the found picture or the impersonator's avatar, or for a video
   * the first frame its verdict rests on (its opening frame when none is named, e.g. a voice found
   * in a video). A voice clip has none: the list says so instead of asking (threat-view.ts).
   */
  async thumbnail(userId: string, threatId: string): Promise<Uint8Array> {
    const { threat, media, detection } = await this.load(userId, threatId);
    if (!media) throw new DomainError("not-found", "This threat's evidence keeps no media");
    const kind = kindOf(media.contentType);
    if (kind !== "image" && kind !== "video") throw new DomainError("not-found", "This threat has no picture");
    const bytes = await this.deps.evidence.get(media.key);
    if (!bytes) throw new DomainError("not-found", "The media is missing from the evidence package");
    const intimate = isIntimate(threat);
    if (kind === "image") return this.deps.renderThumbnail(bytes, { intimate });
    const [first] = verdictFrames(detection, threat.personId);
    const [still] = await this.deps.renderVideoFrames(bytes, [first?.timeSeconds ?? 0]);
    if (!still) throw new DomainError("not-found", "No frame could be read from the video");
    return this.deps.renderThumbnail(still, { intimate });
  }

  /** The caller's own threat only: anyone else's is "not found", as if it did not exist. */
  private async load(userId: string, threatId: string) {
    const threat = await this.deps.threats.get(userId, threatId);
    if (!threat) throw new DomainError("not-found", "Threat not found");
    const manifestKey = threat.evidenceData?.manifestKey;
    const manifestBytes = manifestKey ? await this.deps.evidence.get(manifestKey) : null;
    if (!manifestBytes) return { threat, media: undefined, detection: {} as StoredDetection };
    const manifest = decodeManifest(manifestBytes);
    const media = manifest.files.find((f) => f.name.startsWith("media."));
    const detectionFile = manifest.files.find((f) => f.name === "detection.json");
    const detectionBytes = detectionFile ? await this.deps.evidence.get(detectionFile.key) : null;
    let detection: StoredDetection = {};
    try {
      detection = detectionBytes ? detectionOf(JSON.parse(new TextDecoder().decode(detectionBytes))) : {};
    } catch {
      // An unreadable detection record leaves nothing to point at; the media itself is still there.
    }
    return { threat, media, detection };
  }
}

const isIntimate = (threat: ThreatRecord) =>
  threat.classification?.type === "intimate_imagery" || threat.threatType === "intimate_imagery";

function kindOf(contentType: string | undefined): ThreatMediaFacts["kind"] {
  if (contentType?.startsWith("image/")) return "image";
  if (contentType?.startsWith("video/")) return "video";
  if (contentType?.startsWith("audio/")) return "audio";
  return "unknown";
}

function servesAudio(threat: ThreatRecord, media: EvidenceFile | undefined, voiceMatched: boolean): boolean {
  const kind = kindOf(media?.contentType);
  const voiceThreat = voiceMatched || threat.threatType === "voice_clone";
  return Boolean(media) && voiceThreat && kind === "audio";
}
