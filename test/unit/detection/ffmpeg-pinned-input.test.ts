import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeAudio, probeDurationSeconds } from "../../../packages/detection/src/media/audio.js";
import { MediaError } from "../../../packages/detection/src/media/errors.js";
import { resolveMediaTool } from "../../../packages/detection/src/media/ffmpeg.js";
import { defaultLimits } from "../../../packages/detection/src/media/limits.js";
import { sampleVideo } from "../../../packages/detection/src/media/video.js";

/**
 * ffmpeg and ffprobe run through wrappers that record each command line and, with the log level
 * raised to verbose, everything ffmpeg says: which readers it opened is visible in that log.
 */
const work = mkdtempSync(path.join(tmpdir(), "lg-ffmpeg-test-"));
const argsLog = path.join(work, "args.log");
const stderrLog = path.join(work, "stderr.log");
const saved = { ffmpeg: process.env.FFMPEG_PATH, ffprobe: process.env.FFPROBE_PATH };

function wrapper(real: string, name: string): string {
  const file = path.join(work, name);
  writeFileSync(
    file,
    `#!/bin/bash
printf '%s\\0' "$@" >> "${argsLog}"; printf '\\n' >> "${argsLog}"
a=(); for x in "$@"; do [ "$x" = error ] && x=verbose; a+=("$x"); done
exec "${real}" "\${a[@]}" 2>>"${stderrLog}"
`,
  );
  chmodSync(file, 0o755);
  return file;
}

const commands = () =>
  readFileSync(argsLog, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\0").filter(Boolean));

let server: Server;
let requests = 0;
let segmentUrl = "";

beforeAll(async () => {
  const ffmpeg = resolveMediaTool("ffmpeg");
  const ffprobe = resolveMediaTool("ffprobe");
  if (!ffmpeg || !ffprobe) throw new Error("these tests need ffmpeg and ffprobe (PATH, FFMPEG_PATH or npm build)");
  process.env.FFMPEG_PATH = wrapper(ffmpeg.path, "ffmpeg");
  process.env.FFPROBE_PATH = wrapper(ffprobe.path, "ffprobe");
  writeFileSync(argsLog, "");
  writeFileSync(stderrLog, "");
  server = createServer((_req, res) => {
    requests++;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  segmentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/segment.ts`;
  // A real WAV segment on disk: an HLS reader that opened the playlist would decode it.
  execFileSync(
    ffmpeg.path,
    ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2"].concat([
      "-ar",
      "16000",
      path.join(work, "segment.wav"),
    ]),
  );
  execFileSync(
    ffmpeg.path,
    ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5:duration=2"].concat([
      "-pix_fmt",
      "yuv420p",
      path.join(work, "clip.mp4"),
    ]),
  );
  execFileSync(
    ffmpeg.path,
    ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2"].concat([
      "-ar",
      "22050",
      "-c:a",
      "libmp3lame",
      path.join(work, "tone.mp3"),
    ]),
  );
});

afterAll(() => {
  server?.close();
  rmSync(work, { recursive: true, force: true });
  for (const [tool, value] of Object.entries({ FFMPEG_PATH: saved.ffmpeg, FFPROBE_PATH: saved.ffprobe })) {
    if (value === undefined) delete process.env[tool];
    else process.env[tool] = value;
  }
});

/** An ID3v2 tag (which makes the file pass as MP3) followed by an HLS media playlist. */
function id3ThenPlaylist(): Uint8Array {
  const playlist = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    "#EXT-X-TARGETDURATION:2",
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXTINF:2.0,",
    path.join(work, "segment.wav"),
    "#EXTINF:2.0,",
    segmentUrl,
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
  const id3 = Uint8Array.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  return new Uint8Array([...id3, ...new TextEncoder().encode(playlist)]);
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("ffmpeg reads only the sniffed format from a local file", () => {
  it("refuses an ID3 tag followed by an HLS playlist without ffmpeg ever opening an HLS reader", async () => {
    writeFileSync(stderrLog, "");
    const bytes = id3ThenPlaylist();
    const decoding = await failureOf(decodeAudio(bytes));
    const probing = await failureOf(probeDurationSeconds(bytes));
    for (const error of [decoding, probing]) {
      expect(error).toBeInstanceOf(MediaError);
      expect((error as MediaError).code).toBe("decode_failed");
    }
    const said = readFileSync(stderrLog, "utf8");
    expect(said).not.toMatch(/\[hls\b/i);
    expect(said).not.toContain("segment.wav");
    expect(requests).toBe(0);
  });

  it("passes the sniffed demuxer and the file,pipe protocol whitelist to every ffmpeg and ffprobe run", async () => {
    writeFileSync(argsLog, "");
    await decodeAudio(new Uint8Array(readFileSync(path.join(work, "tone.mp3"))));
    await probeDurationSeconds(new Uint8Array(readFileSync(path.join(work, "tone.mp3"))));
    await sampleVideo(new Uint8Array(readFileSync(path.join(work, "clip.mp4"))), defaultLimits);
    const runs = commands();
    expect(runs.length).toBe(4);
    for (const args of runs) {
      const input = args.findIndex((arg) => arg.includes("lg-media-"));
      const before = args.slice(0, input);
      expect(before.join(" ")).toContain("-protocol_whitelist file,pipe");
      expect(before[before.lastIndexOf("-f") + 1]).toBe(
        args.includes("rgb24") || args.includes("-show_streams") ? "mov" : "mp3",
      );
    }
  });

  it("answers a damaged file with the product's own message: no temporary path, heap address or ffmpeg text", async () => {
    const junk = new Uint8Array(4096).map((_, i) => (i * 131) % 251);
    junk.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
    const clip = new Uint8Array(readFileSync(path.join(work, "clip.mp4")));
    const cutVideo = clip.slice(0, 600);
    const errors = [await failureOf(decodeAudio(junk)), await failureOf(sampleVideo(cutVideo, defaultLimits))];
    for (const error of errors) {
      expect(error).toBeInstanceOf(MediaError);
      const message = (error as MediaError).message;
      expect(message).toMatch(
        /^The (MP3|MP4) file could not be (decoded|read): it is damaged or not what its header says$/,
      );
      expect(message).not.toMatch(/0x[0-9a-f]{4,}|\/tmp|lg-media|@|Invalid data/);
    }
  });
});

describe("which ffmpeg runs", () => {
  it("FFMPEG_PATH wins over the PATH, and the PATH over a packaged build", () => {
    const before = { path: process.env.PATH, ffmpeg: process.env.FFMPEG_PATH };
    try {
      const bin = mkdtempSync(path.join(work, "bin-"));
      writeFileSync(path.join(bin, "ffmpeg"), "#!/bin/sh\n");
      chmodSync(path.join(bin, "ffmpeg"), 0o755);
      process.env.FFMPEG_PATH = "/opt/bin/ffmpeg";
      process.env.PATH = bin;
      expect(resolveMediaTool("ffmpeg")).toEqual({ name: "ffmpeg", path: "/opt/bin/ffmpeg", source: "env" });
      delete process.env.FFMPEG_PATH;
      expect(resolveMediaTool("ffmpeg")).toEqual({ name: "ffmpeg", path: path.join(bin, "ffmpeg"), source: "path" });
      process.env.PATH = path.join(work, "nothing-here");
      const fallback = resolveMediaTool("ffmpeg");
      // Without a binary on the PATH only an installed npm static build can answer.
      if (fallback) expect(fallback.source).toBe("package");
      if (fallback) expect(fallback.packageName).toMatch(/^@ffmpeg-installer\/linux-x64@/);
    } finally {
      process.env.PATH = before.path;
      process.env.FFMPEG_PATH = before.ffmpeg;
    }
  });
});
