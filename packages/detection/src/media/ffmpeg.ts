import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { MediaError } from "./errors.js";

/**
 * ffmpeg/ffprobe as bounded subprocesses: output past `maxOutputBytes` kills the process, so a
 * long or hostile video cannot make this process buffer without limit. In Lambda the binaries come
 * from a layer, pointed to by FFMPEG_PATH / FFPROBE_PATH.
 */

export const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
export const FFPROBE = process.env.FFPROBE_PATH ?? "ffprobe";

export class OutputLimitExceeded extends Error {}

export function runTool(binary: string, args: string[], maxOutputBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let received = 0;
    let overflow = false;
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (overflow) return;
      received += chunk.length;
      if (received > maxOutputBytes) {
        overflow = true;
        child.kill("SIGKILL");
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => reject(new MediaError("decode_failed", `${binary} could not run: ${error.message}`)));
    child.on("close", (code) => {
      if (overflow) reject(new OutputLimitExceeded(`${binary} produced more than ${maxOutputBytes} bytes`));
      else if (code !== 0) {
        const firstLine = stderr.trim().split("\n")[0] ?? "";
        reject(new MediaError("decode_failed", `Could not decode the media: ${firstLine}`));
      } else resolve(Buffer.concat(chunks, received));
    });
  });
}

/** MP4/MOV with the index at the end cannot be demuxed from a pipe, so media goes via a private file. */
export async function withTemporaryFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const file = path.join(tmpdir(), `lg-media-${randomUUID()}`);
  await writeFile(file, bytes, { mode: 0o600 });
  try {
    return await use(file);
  } finally {
    await rm(file, { force: true });
  }
}
