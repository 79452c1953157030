import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { accessSync, constants } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MediaFormat } from "../result.js";
import { MediaError } from "./errors.js";
import { type LaunchedRun, LauncherExited, LauncherUnavailable, launchTool } from "./tool-launcher.js";

/**
 * ffmpeg/ffprobe as bounded subprocesses: output past `maxOutputBytes` kills the process, so a
 * long or hostile video cannot make this process buffer without limit.
 *
 * Each run reads exactly one local file with the demuxer of the format sniffed from its magic bytes
 * (`-f`), and may open no protocol but file and pipe: left to probe, ffmpeg would pick a reader
 * by content, so an ID3 tag followed by an HLS playlist would pass the MP3 check and have ffmpeg
 * follow the playlist's URLs. ffmpeg's own error text (temporary paths, heap addresses, its
 * internals) never leaves this module: failures become MediaError with the product's messages.
 */

export type MediaToolName = "ffmpeg" | "ffprobe";

/** Where a binary came from, in the order they are tried. */
export type MediaToolSource = "env" | "path" | "package";

export interface MediaTool {
  name: MediaToolName;
  path: string;
  source: MediaToolSource;
  /** The npm package the static build came from (`name@version`), for source "package". */
  packageName?: string;
}

/** ffmpeg could not be started at all: the server's fault, not the upload's. */
export class MediaToolUnavailable extends Error {
  constructor(tool: MediaToolName, reason: string) {
    super(`${tool} is not available on this server (${reason})`);
    this.name = "MediaToolUnavailable";
  }
}

export class OutputLimitExceeded extends Error {
  constructor(
    message: string,
    /** Which output overflowed (runToolWithOutputs' index; 0 for runTool's one). */
    readonly output = 0,
  ) {
    super(message);
  }
}

const ENV_NAMES: Record<MediaToolName, string> = { ffmpeg: "FFMPEG_PATH", ffprobe: "FFPROBE_PATH" };
/** Static builds published on npm per platform (the family the Lambda layer is built from). */
const PACKAGE_SCOPES: Record<MediaToolName, string> = { ffmpeg: "@ffmpeg-installer", ffprobe: "@ffprobe-installer" };

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const binaryName = (tool: MediaToolName) => (process.platform === "win32" ? `${tool}.exe` : tool);

function onPath(tool: MediaToolName): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, binaryName(tool));
    if (executable(candidate)) return candidate;
  }
  return undefined;
}

function packaged(tool: MediaToolName): { path: string; packageName: string } | undefined {
  const name = `${PACKAGE_SCOPES[tool]}/${process.platform}-${process.arch}`;
  try {
    const manifestFile = createRequire(import.meta.url).resolve(`${name}/package.json`);
    const { version } = createRequire(import.meta.url)(manifestFile) as { version: string };
    const binary = path.join(path.dirname(manifestFile), binaryName(tool));
    return executable(binary) ? { path: binary, packageName: `${name}@${version}` } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * FFMPEG_PATH / FFPROBE_PATH when set (Lambda's layer, or an operator's choice), else the first on
 * the PATH, else the static build an installed npm package ships; undefined when there is none.
 */
export function resolveMediaTool(tool: MediaToolName): MediaTool | undefined {
  const fromEnv = process.env[ENV_NAMES[tool]];
  if (fromEnv) return { name: tool, path: fromEnv, source: "env" };
  const found = onPath(tool);
  if (found) return { name: tool, path: found, source: "path" };
  const build = packaged(tool);
  return build ? { name: tool, path: build.path, source: "package", packageName: build.packageName } : undefined;
}

const resolved = new Map<MediaToolName, MediaTool>();

function toolPath(tool: MediaToolName): string {
  let found = resolved.get(tool);
  if (!found) {
    found = resolveMediaTool(tool);
    if (!found) throw new MediaToolUnavailable(tool, `not in ${ENV_NAMES[tool]}, on the PATH or installed from npm`);
    resolved.set(tool, found);
  }
  return found.path;
}

/** Which build runs and its version line (`ffmpeg version 5.1.6 ...`), for start-up messages. */
export async function describeMediaTool(tool: MediaToolName): Promise<(MediaTool & { version: string }) | undefined> {
  const found = resolveMediaTool(tool);
  if (!found) return undefined;
  const version = await new Promise<string>((resolve) =>
    execFile(found.path, ["-version"], { timeout: 10_000 }, (error, stdout) =>
      resolve(error ? `could not run (${error.message})` : (String(stdout).split("\n")[0] ?? "").trim()),
    ),
  );
  return { ...found, version };
}

/** ffmpeg's demuxer for each sniffed container (the mov demuxer reads MP4, MOV and M4A alike). */
const DEMUXERS: Partial<Record<MediaFormat, string>> = {
  mp4: "mov",
  mov: "mov",
  m4a: "mov",
  webm: "matroska",
  wav: "wav",
  mp3: "mp3",
  flac: "flac",
  ogg: "ogg",
};

/** The input half of every command: one local file, read as the sniffed format and nothing else. */
export function pinnedInput(format: MediaFormat, file: string): string[] {
  const demuxer = DEMUXERS[format];
  if (!demuxer) throw new MediaError("unsupported_type", `A ${format} file is not audio or video`);
  return ["-protocol_whitelist", "file,pipe", "-f", demuxer, "-i", file];
}

/** ffprobe names its input bare, without -i; the forced format and the whitelist are the same. */
export function pinnedProbeInput(format: MediaFormat, file: string): string[] {
  return pinnedInput(format, file).filter((arg) => arg !== "-i");
}

const FAILURE_MESSAGES: Record<MediaToolName, (format: MediaFormat) => string> = {
  ffmpeg: (format) =>
    `The ${format.toUpperCase()} file could not be decoded: it is damaged or not what its header says`,
  ffprobe: (format) => `The ${format.toUpperCase()} file could not be read: it is damaged or not what its header says`,
};

export interface ToolRun {
  tool: MediaToolName;
  args: string[];
  /** The sniffed format the input is pinned to; names the file in error messages. */
  format: MediaFormat;
  maxOutputBytes: number;
}

export function runTool(run: ToolRun): Promise<Buffer> {
  return runToolWithOutputs({ ...run, maxOutputBytes: [run.maxOutputBytes] }).then((outputs) => outputs[0] as Buffer);
}

/**
 * runTool with an output per pipe: `pipe:1` is stdout, `pipe:3` the next descriptor, and so on, each
 * bounded by its own `maxOutputBytes` entry; one run decodes a video's frames and its audio track.
 * The tool is started by the small launcher process (tool-launcher.ts), so this large process is
 * not forked for every run; where no launcher can start, or MEDIA_TOOL_LAUNCHER is "off", directly.
 */
export async function runToolWithOutputs({
  tool,
  args,
  format,
  maxOutputBytes,
}: Omit<ToolRun, "maxOutputBytes"> & { maxOutputBytes: number[] }): Promise<Buffer[]> {
  const binary = toolPath(tool);
  if (process.env.MEDIA_TOOL_LAUNCHER === "off") return spawnTool(tool, binary, args, format, maxOutputBytes);
  let run: LaunchedRun;
  try {
    run = await launchTool(binary, args, maxOutputBytes);
  } catch (error) {
    if (error instanceof LauncherUnavailable) return spawnTool(tool, binary, args, format, maxOutputBytes);
    throw new MediaToolUnavailable(tool, error instanceof LauncherExited ? "its launcher exited" : String(error));
  }
  if (run.kind === "not_started") throw new MediaToolUnavailable(tool, run.reason);
  if (run.kind === "overflow") throw outputLimitExceeded(tool, maxOutputBytes, run.output);
  if (run.code !== 0) throw new MediaError("decode_failed", FAILURE_MESSAGES[tool](format));
  return run.outputs;
}

const outputLimitExceeded = (tool: MediaToolName, maxOutputBytes: number[], output: number) =>
  new OutputLimitExceeded(`${tool} produced more than ${maxOutputBytes[output]} bytes`, output);

/** The tool forked from this process: what runToolWithOutputs does where the launcher cannot run. */
function spawnTool(
  tool: MediaToolName,
  binary: string,
  args: string[],
  format: MediaFormat,
  maxOutputBytes: number[],
): Promise<Buffer[]> {
  const pipes = maxOutputBytes.map((_, i) => (i === 0 ? 1 : i + 2));
  const stdio: ("ignore" | "pipe")[] = ["ignore", "pipe", "ignore", ...pipes.slice(1).map(() => "pipe" as const)];
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio });
    const chunks = pipes.map((): Buffer[] => []);
    const received = pipes.map(() => 0);
    let overflow = -1;
    pipes.forEach((fd, i) => {
      const stream = child.stdio[fd] as NodeJS.ReadableStream;
      stream.on("data", (chunk: Buffer) => {
        if (overflow >= 0) return;
        received[i] = (received[i] as number) + chunk.length;
        if ((received[i] as number) > (maxOutputBytes[i] as number)) {
          overflow = i;
          child.kill("SIGKILL");
          return;
        }
        chunks[i]?.push(chunk);
      });
    });
    child.on("error", (error) => reject(new MediaToolUnavailable(tool, (error as NodeJS.ErrnoException).code ?? "")));
    child.on("close", (code) => {
      if (overflow >= 0) reject(outputLimitExceeded(tool, maxOutputBytes, overflow));
      else if (code !== 0) reject(new MediaError("decode_failed", FAILURE_MESSAGES[tool](format)));
      else resolve(chunks.map((list, i) => Buffer.concat(list, received[i])));
    });
  });
}

/** MP4/MOV with the index at the end cannot be demuxed from a pipe, so media goes via a private file. */
export async function withTemporaryFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  if (bytes.length === 0) throw new MediaError("empty", "The file is empty");
  const file = path.join(tmpdir(), `lg-media-${randomUUID()}`);
  await writeFile(file, bytes, { mode: 0o600 });
  try {
    return await use(file);
  } finally {
    await rm(file, { force: true });
  }
}
