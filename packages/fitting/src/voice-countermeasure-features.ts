import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeAudio } from "@lg/detection/media/audio";
import { whisperEncoder } from "@lg/detection/models/registry";
import { analyseSpeech } from "@lg/detection/voice/speech";
import { DEFAULT_MAX_WINDOWS } from "@lg/detection/voice-synthetic/windows";
import { repoRoot } from "./paths.js";

/**
 * Countermeasure features of labelled recordings, as the product computes them (ffmpeg intake,
 * Silero VAD, Whisper windows), optionally after a lossy codec, cached under .cache/ so a refit
 * or a leave-one-out measurement does not re-run the encoder. Shared by the fit script and the
 * benchmark's leave-one-voice-out refits.
 */

/** Found media is compressed: each training clip is also seen through these low-bitrate paths. */
export const AUGMENTATIONS: Record<string, string[] | null> = {
  none: null,
  mp3_32k: ["-ac", "1", "-ar", "16000", "-c:a", "libmp3lame", "-b:a", "32k", "-f", "mp3"],
  opus_16k: ["-ac", "1", "-c:a", "libopus", "-b:a", "16k", "-f", "ogg"],
  aac_32k: [
    "-ac",
    "1",
    "-ar",
    "16000",
    "-c:a",
    "aac",
    "-b:a",
    "32k",
    "-movflags",
    "frag_keyframe+empty_moov",
    "-f",
    "mp4",
  ],
  resample_8k: ["-ac", "1", "-ar", "8000", "-c:a", "pcm_s16le", "-f", "wav"],
};
export type Augmentation = keyof typeof AUGMENTATIONS;
const CODECS = Object.keys(AUGMENTATIONS).filter((a) => a !== "none") as Augmentation[];

/**
 * The codec path a clip is also seen through: one per clip, by a hash of its path, so every codec
 * covers about a quarter of each system and genuine corpus. Encoding every clip four times cost
 * ~15 min of CPU per codec on this machine, for little more than one codec per clip gives.
 */
export function codecFor(clipPath: string): Augmentation {
  const digest = createHash("sha256").update(clipPath).digest();
  return CODECS[(digest[0] as number) % CODECS.length] as Augmentation;
}

/** Bump when anything that changes the features changes (windows, VAD, mel, encoder). */
const FEATURE_VERSION = "whisper-base-v1";
export const FULL_DEPTH = 6;
export const FEATURE_WIDTH = 512;
export const STATES = FULL_DEPTH + 1;
export const WINDOW_DIMS = STATES * 2 * FEATURE_WIDTH;

export const cacheDir = path.join(repoRoot, ".cache/voice-synthetic");

function ffmpeg(file: string, args: string[]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.FFMPEG_PATH ?? "ffmpeg", ["-v", "error", "-i", file, ...args, "pipe:1"]);
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(new Uint8Array(Buffer.concat(chunks))) : reject(new Error(`ffmpeg ${code}: ${stderr}`)),
    );
  });
}

/** Window features (windows × WINDOW_DIMS) of one recording through one augmentation. */
export async function clipFeatures(file: string, augmentation: Augmentation): Promise<Float32Array> {
  const key = createHash("sha256")
    .update(`${FEATURE_VERSION}|${DEFAULT_MAX_WINDOWS}|${path.resolve(file)}|${augmentation}`)
    .digest("hex")
    .slice(0, 32);
  const cached = path.join(cacheDir, `${key}.f32`);
  if (existsSync(cached)) {
    const bytes = readFileSync(cached);
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  }
  const args = AUGMENTATIONS[augmentation];
  const bytes = args ? await ffmpeg(file, args) : new Uint8Array(readFileSync(file));
  const audio = await decodeAudio(bytes, { sampleRate: 16_000 });
  const speech = await analyseSpeech(audio.samples);
  const { windows } = await whisperEncoder().predict({
    pcm16k: audio.samples,
    speech: speech.ranges,
    hiddenStates: FULL_DEPTH,
  });
  const out = new Float32Array(windows.length * WINDOW_DIMS);
  windows.forEach((w, i) => {
    out.set(w.features, i * WINDOW_DIMS);
  });
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, out);
  return out;
}

export interface LabelledClip {
  /** Path relative to its set's root. */
  path: string;
  root: string;
  synthetic: boolean;
  /** Generator or corpus (train's `system`; data's source folder, e.g. tortoise:pat, librispeech). */
  system: string;
  /** Unit a held-out measurement leaves out together (train: demo page; data: Tortoise voice). */
  group: string;
  split: string;
}

function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split("\n");
  const names = (header as string).split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? ""]));
  });
}

export function trainVoiceClips(trainDir: string): LabelledClip[] {
  return parseCsv(readFileSync(path.join(trainDir, "labels.csv"), "utf8"))
    .filter((r) => r.path?.startsWith("voice/") && r.kind === "speech")
    .map((r) => ({
      path: r.path as string,
      root: trainDir,
      synthetic: r.synthetic === "1",
      system: r.system as string,
      group: r.source_repo as string,
      split: r.split as string,
    }));
}

/** ../shared/data's speech: Tortoise clones and their genuine references by voice, LibriSpeech. */
export function dataVoiceClips(dataDir: string): LabelledClip[] {
  return parseCsv(readFileSync(path.join(dataDir, "labels.csv"), "utf8"))
    .filter((r) => r.kind === "speech")
    .map((r) => {
      const parts = (r.path as string).split("/");
      const tortoise = parts[1] === "tortoise-tts";
      const voice = tortoise ? (parts[3] as string) : "librispeech";
      return {
        path: r.path as string,
        root: dataDir,
        synthetic: r.synthetic === "1",
        system: tortoise ? `tortoise:${voice}` : "librispeech",
        group: tortoise ? `tortoise:${voice}` : "librispeech",
        split: "data",
      };
    });
}
