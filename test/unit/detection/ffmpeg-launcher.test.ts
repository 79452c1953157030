import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MediaError } from "../../../packages/detection/src/media/errors.js";
import {
  MediaToolUnavailable,
  OutputLimitExceeded,
  pinnedInput,
  resolveMediaTool,
  runToolWithOutputs,
} from "../../../packages/detection/src/media/ffmpeg.js";
import {
  closeToolLauncher,
  launchTool,
  toolLauncherCpuSeconds,
  toolLauncherPid,
} from "../../../packages/detection/src/media/tool-launcher.js";

/** ffmpeg runs through the small launcher process; these compare it with ffmpeg forked from here. */
const work = mkdtempSync(path.join(tmpdir(), "lg-launcher-test-"));
const clip = path.join(work, "clip.mp4");
const repoRoot = path.resolve(import.meta.dirname, "../../..");

beforeAll(() => {
  const ffmpeg = resolveMediaTool("ffmpeg");
  if (!ffmpeg) throw new Error("these tests need ffmpeg (PATH, FFMPEG_PATH or npm build)");
  execFileSync(ffmpeg.path, [
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=96x64:rate=10:duration=2",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=330:duration=2",
    "-pix_fmt",
    "yuv420p",
    "-shortest",
    clip,
  ]);
});

afterEach(() => {
  delete process.env.MEDIA_TOOL_LAUNCHER;
});

afterAll(() => {
  closeToolLauncher();
  rmSync(work, { recursive: true, force: true });
});

const quiet = "-hide_banner -nostdin -loglevel error".split(" ");
/** Mono float samples at 16 kHz, as the voice models read them. */
const monoFloat = "-ac 1 -ar 16000 -f f32le".split(" ");

/** A video's frames on pipe:1 and its sound on pipe:3, as sampleVideo decodes them. */
const framesAndSound = (file: string) => [
  ...quiet,
  ...pinnedInput("mp4", file),
  ..."-threads 1 -an -vf fps=5,scale=48:32 -pix_fmt rgb24 -f rawvideo pipe:1 -vn".split(" "),
  ...monoFloat,
  "pipe:3",
];

/** A tone of its own pitch, so concurrent runs each have different bytes. */
const tone = (frequency: number, seconds = 1) => [
  ...quiet,
  ..."-f lavfi -i".split(" "),
  `sine=frequency=${frequency}:duration=${seconds}`,
  ...monoFloat,
  "pipe:1",
];

const run = (args: string[], maxOutputBytes = [50_000_000, 50_000_000]) =>
  runToolWithOutputs({ tool: "ffmpeg", args, format: "mp4", maxOutputBytes });

const direct = async (args: string[], maxOutputBytes?: number[]) => {
  process.env.MEDIA_TOOL_LAUNCHER = "off";
  try {
    return await run(args, maxOutputBytes);
  } finally {
    delete process.env.MEDIA_TOOL_LAUNCHER;
  }
};

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

const exited = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

const until = async (condition: () => boolean, seconds = 10) => {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > seconds * 1000) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("ffmpeg started from the small launcher process", () => {
  it("decodes a video's frames and sound to the same bytes as ffmpeg started from this process", async () => {
    const [frames, sound] = await run(framesAndSound(clip));
    expect(toolLauncherPid()).toBeGreaterThan(0);
    const [framesDirect, soundDirect] = await direct(framesAndSound(clip));
    expect(frames?.length).toBe(10 * 48 * 32 * 3);
    expect(sound?.length).toBeGreaterThan(16000 * 4);
    expect(frames?.equals(framesDirect as Buffer)).toBe(true);
    expect(sound?.equals(soundDirect as Buffer)).toBe(true);
  });

  it("kills the tool when an output passes its limit and names that output", async () => {
    const error = await failureOf(run(framesAndSound(clip), [50_000_000, 1000]));
    expect(error).toBeInstanceOf(OutputLimitExceeded);
    expect((error as OutputLimitExceeded).output).toBe(1);
    expect((error as Error).message).toBe("ffmpeg produced more than 1000 bytes");
  });

  it("turns a file ffmpeg cannot decode into the product's MediaError, not ffmpeg's words", async () => {
    const junk = path.join(work, "junk.mp4");
    writeFileSync(junk, Buffer.from("not a video at all, just words"));
    const error = await failureOf(run(framesAndSound(junk)));
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe("decode_failed");
    expect((error as Error).message).toBe(
      "The MP4 file could not be decoded: it is damaged or not what its header says",
    );
  });

  it("reports a binary that cannot be started as not started, with its errno code", async () => {
    expect(await launchTool(path.join(work, "no-such-ffmpeg"), [], [100])).toEqual({
      kind: "not_started",
      reason: "ENOENT",
    });
  });

  it("runs many tools at once, each getting its own bytes", async () => {
    const frequencies = [200, 300, 400, 500, 600, 700];
    const launched = await Promise.all(frequencies.map((f) => run(tone(f))));
    for (const [i, f] of frequencies.entries()) {
      const [alone] = await direct(tone(f));
      expect(launched[i]?.[0]?.equals(alone as Buffer)).toBe(true);
    }
  });

  it("starts a new launcher after one is killed, and fails the run it was doing as the server's fault", async () => {
    await run(tone(440));
    const first = toolLauncherPid() as number;
    // -re reads in real time, so the run is still going when its launcher dies.
    const slow = failureOf(run(["-re", ...tone(440, 5)]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(first, "SIGKILL");
    const error = await slow;
    expect(error).toBeInstanceOf(MediaToolUnavailable);
    await until(() => exited(first));
    const [again] = await run(tone(440));
    const [alone] = await direct(tone(440));
    expect(again?.equals(alone as Buffer)).toBe(true);
    expect(toolLauncherPid()).not.toBe(first);
  });

  it("counts the launcher's CPU and its tools' for the benchmarks", async () => {
    await run(framesAndSound(clip));
    // Node's own start-up alone takes tens of milliseconds of CPU.
    expect(toolLauncherCpuSeconds()).toBeGreaterThan(0);
  });

  it("lets a process that ran a tool exit, and the launcher goes with it", () => {
    const { bytes, launcher } = twoRunsInAnotherProcess("");
    expect(bytes).toEqual([16000 * 4, 16000 * 4]);
    expect(launcher).toBeGreaterThan(0);
    return until(() => exited(launcher as number));
  });

  it("spawns the tool itself where no launcher can start", () => {
    const { bytes, launcher } = twoRunsInAnotherProcess(
      'Object.defineProperty(process, "execPath", { value: "/nonexistent/node" });',
    );
    expect(bytes).toEqual([16000 * 4, 16000 * 4]);
    expect(launcher).toBeUndefined();
  });
});

/** Runs two tones in a fresh Node process after `setUp`; what it decoded and its launcher's pid. */
function twoRunsInAnotherProcess(setUp: string): { bytes: number[]; launcher?: number } {
  const script = path.join(work, `two-runs-${setUp ? "set-up" : "plain"}.mts`);
  const module = (name: string) => JSON.stringify(path.join(repoRoot, `packages/detection/src/media/${name}.ts`));
  writeFileSync(
    script,
    `import { runTool } from ${module("ffmpeg")};
import { toolLauncherPid } from ${module("tool-launcher")};
${setUp}
const bytes = [];
for (let i = 0; i < 2; i++) {
  const out = await runTool({ tool: "ffmpeg", args: ${JSON.stringify(tone(440))}, format: "wav", maxOutputBytes: 1e6 });
  bytes.push(out.length);
}
console.log(JSON.stringify({ bytes, launcher: toolLauncherPid() }));
`,
  );
  const printed = execFileSync(process.execPath, ["--import", "tsx", script], {
    cwd: repoRoot,
    timeout: 30_000,
    encoding: "utf8",
  });
  return JSON.parse(printed) as { bytes: number[]; launcher?: number };
}
