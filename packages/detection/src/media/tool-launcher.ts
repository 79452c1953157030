import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * Starts ffmpeg and ffprobe from a small long-lived Node process instead of this one (issue 41).
 *
 * Node starts a child by forking the whole process: from the analysis process, which holds 1 to
 * 1.2 GB of models, that costs about 21 ms of CPU a spawn (37 ms at 2 GB, under 1 ms from an empty
 * process), and every unmatched recording or video pays it. The launcher is forked from this
 * process once, lazily at the first tool run, and forks every tool after that from its own few tens
 * of megabytes. Its source is a string here, so the esbuild-bundled Lambda needs no extra file.
 *
 * Protocol. Requests go down the launcher's stdin, one JSON line each: `{id, file, args, limits}`,
 * where `limits[i]` bounds output i (`pipe:1` is stdout, `pipe:3` the next descriptor, and so on).
 * Frames come back up its stdout: a 10-byte header (kind u8, run id u32le, output index u8, payload
 * length u32le) and the payload. Kinds: READY once when the launcher starts; DATA, bytes of one
 * output; DONE, the end of a run as JSON `{code, overflow, failed}`: the exit code, the output that
 * went over its limit (the launcher killed the tool; -1 if none) and the errno code when the binary
 * could not be started. The launcher enforces the limits itself, so it never buffers more than a
 * pipe's chunk a run, and it kills its tools and exits when its stdin ends (this process is gone).
 */

const READY = 0;
const DATA = 1;
const DONE = 2;
const HEADER_BYTES = 10;

/** Plain CommonJS, node: core modules only: it runs as `node -e`, from the bundle as well as from source. */
export const LAUNCHER_SOURCE = `"use strict";
const { spawn } = require("node:child_process");
const out = process.stdout;
const runs = new Map();
function frame(kind, id, index, payload) {
  const header = Buffer.allocUnsafe(${HEADER_BYTES});
  header.writeUInt8(kind, 0);
  header.writeUInt32LE(id, 1);
  header.writeUInt8(index, 5);
  header.writeUInt32LE(payload.length, 6);
  out.cork();
  out.write(header);
  if (payload.length > 0) out.write(payload);
  out.uncork();
}
function done(id, result) {
  frame(${DONE}, id, 0, Buffer.from(JSON.stringify(result)));
}
function start(request) {
  const id = request.id;
  const limits = request.limits;
  const stdio = ["ignore", "pipe", "ignore"];
  for (let i = 1; i < limits.length; i++) stdio.push("pipe");
  let child;
  try {
    child = spawn(request.file, request.args, { stdio });
  } catch (error) {
    done(id, { code: null, overflow: -1, failed: String((error && error.code) || "spawn failed") });
    return;
  }
  const run = { child, overflow: -1, failed: "", received: limits.map(() => 0) };
  runs.set(id, run);
  limits.forEach((limit, i) => {
    child.stdio[i === 0 ? 1 : i + 2].on("data", (chunk) => {
      if (run.overflow >= 0) return;
      run.received[i] += chunk.length;
      if (run.received[i] > limit) {
        run.overflow = i;
        child.kill("SIGKILL");
        return;
      }
      frame(${DATA}, id, i, chunk);
    });
  });
  child.on("error", (error) => {
    run.failed = String((error && error.code) || "spawn failed");
  });
  child.on("close", (code) => {
    runs.delete(id);
    done(id, { code, overflow: run.overflow, failed: run.failed });
  });
}
function stop(status) {
  for (const run of runs.values()) run.child.kill("SIGKILL");
  process.exit(status);
}
out.on("error", () => stop(1));
frame(${READY}, 0, 0, Buffer.alloc(0));
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (text) => {
  pending += text;
  for (let end = pending.indexOf("\\n"); end >= 0; end = pending.indexOf("\\n")) {
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    if (line) start(JSON.parse(line));
  }
});
process.stdin.on("end", () => stop(0));
`;

/** How a tool run ended, as the launcher saw it. */
export type LaunchedRun =
  | { kind: "exited"; code: number | null; outputs: Buffer[] }
  | { kind: "overflow"; output: number }
  | { kind: "not_started"; reason: string };

/** The launcher went away while the run was in flight; the next run starts a new one. */
export class LauncherExited extends Error {
  constructor() {
    super("the media tool launcher exited during the run");
    this.name = "LauncherExited";
  }
}

/** The launcher could not be started at all: the caller spawns the tool itself. */
export class LauncherUnavailable extends Error {
  constructor() {
    super("the media tool launcher could not be started");
    this.name = "LauncherUnavailable";
  }
}

interface PendingRun {
  chunks: Buffer[][];
  received: number[];
  resolve: (run: LaunchedRun) => void;
  reject: (error: Error) => void;
}

class ToolLauncher {
  private readonly child: ChildProcess;
  private readonly runs = new Map<number, PendingRun>();
  private nextId = 1;
  private ready = false;
  private closing = false;
  private gone = false;
  // The frame parser's state: a header being filled, then a payload being taken.
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerFilled = 0;
  private frameKind = 0;
  private frameId = 0;
  private frameIndex = 0;
  private payloadLeft = 0;
  private donePieces: Buffer[] = [];

  constructor(private readonly onGone: (launcher: ToolLauncher, worked: boolean) => void) {
    // Without NODE_OPTIONS: a loader the parent runs under (tsx, source maps) is no use here and costs memory.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    this.child = spawn(process.execPath, ["-e", LAUNCHER_SOURCE], { stdio: ["pipe", "pipe", "ignore"], env });
    this.child.unref();
    const { stdin, stdout } = this.child;
    if (!stdin || !stdout) throw new LauncherUnavailable();
    stdin.on("error", () => this.end());
    stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    stdout.on("error", () => this.end());
    this.child.on("error", () => this.end());
    this.child.on("close", () => this.end());
    this.keepAlive();
  }

  get pid(): number | undefined {
    return this.gone ? undefined : this.child.pid;
  }

  run(file: string, args: string[], limits: number[]): Promise<LaunchedRun> {
    if (this.gone) return Promise.reject(new LauncherExited());
    const id = this.nextId++;
    return new Promise<LaunchedRun>((resolve, reject) => {
      this.runs.set(id, { chunks: limits.map(() => []), received: limits.map(() => 0), resolve, reject });
      this.keepAlive();
      this.child.stdin?.write(`${JSON.stringify({ id, file, args, limits })}\n`);
    });
  }

  /** Ends the launcher (its stdin closes, so it kills its tools and exits); runs in flight reject. */
  close(): void {
    this.closing = true;
    this.child.stdin?.end();
    this.end();
  }

  /** The launcher keeps this process alive only while a run is in flight, as a spawned tool would. */
  private keepAlive() {
    const pipes = [this.child.stdin, this.child.stdout] as unknown as ({ ref?(): void; unref?(): void } | null)[];
    for (const pipe of pipes) {
      if (this.runs.size > 0) pipe?.ref?.();
      else pipe?.unref?.();
    }
  }

  private end() {
    if (this.gone) return;
    this.gone = true;
    // Gone before it said it was ready, and not by our hand: a launcher cannot run here.
    const worked = this.ready || this.closing;
    const failure = worked ? new LauncherExited() : new LauncherUnavailable();
    for (const run of this.runs.values()) run.reject(failure);
    this.runs.clear();
    this.keepAlive();
    this.onGone(this, worked);
  }

  private receive(chunk: Buffer) {
    let at = 0;
    while (at < chunk.length) {
      if (this.payloadLeft === 0) {
        const take = Math.min(HEADER_BYTES - this.headerFilled, chunk.length - at);
        chunk.copy(this.header, this.headerFilled, at, at + take);
        this.headerFilled += take;
        at += take;
        if (this.headerFilled < HEADER_BYTES) return;
        this.headerFilled = 0;
        this.frameKind = this.header.readUInt8(0);
        this.frameId = this.header.readUInt32LE(1);
        this.frameIndex = this.header.readUInt8(5);
        this.payloadLeft = this.header.readUInt32LE(6);
        if (this.payloadLeft === 0) this.frameEnded();
        continue;
      }
      const take = Math.min(this.payloadLeft, chunk.length - at);
      const piece = chunk.subarray(at, at + take);
      at += take;
      this.payloadLeft -= take;
      if (this.frameKind === DATA) {
        const run = this.runs.get(this.frameId);
        run?.chunks[this.frameIndex]?.push(piece);
        if (run) run.received[this.frameIndex] = (run.received[this.frameIndex] ?? 0) + take;
      } else this.donePieces.push(piece);
      if (this.payloadLeft === 0) this.frameEnded();
    }
  }

  private frameEnded() {
    if (this.frameKind === READY) this.ready = true;
    if (this.frameKind !== DONE) return;
    const result = JSON.parse(Buffer.concat(this.donePieces).toString("utf8")) as {
      code: number | null;
      overflow: number;
      failed: string;
    };
    this.donePieces = [];
    const run = this.runs.get(this.frameId);
    if (!run) return;
    this.runs.delete(this.frameId);
    this.keepAlive();
    if (result.failed) run.resolve({ kind: "not_started", reason: result.failed });
    else if (result.overflow >= 0) run.resolve({ kind: "overflow", output: result.overflow });
    else
      run.resolve({
        kind: "exited",
        code: result.code,
        outputs: run.chunks.map((list, i) => Buffer.concat(list, run.received[i])),
      });
  }
}

let current: ToolLauncher | undefined;
/** Set once a launcher could not start: this process then spawns its tools itself. */
let unavailable = false;

/**
 * Runs `file` with `args` through the launcher (started on first use, again after one dies).
 * Rejects with LauncherUnavailable when no launcher can be started (spawn the tool directly) and
 * LauncherExited when the launcher died during the run.
 */
export function launchTool(file: string, args: string[], limits: number[]): Promise<LaunchedRun> {
  if (unavailable) return Promise.reject(new LauncherUnavailable());
  if (!current) {
    try {
      current = new ToolLauncher((gone, worked) => {
        if (!worked) unavailable = true;
        if (current === gone) current = undefined;
      });
    } catch {
      unavailable = true;
      return Promise.reject(new LauncherUnavailable());
    }
  }
  return current.run(file, args, limits);
}

/** The running launcher's process id, if one runs (for tests and CPU accounting). */
export function toolLauncherPid(): number | undefined {
  return current?.pid;
}

/** Ends the running launcher, if any; the next run starts a new one. */
export function closeToolLauncher(): void {
  current?.close();
  current = undefined;
}

/**
 * CPU seconds of the running launcher and the tools it has waited for, from /proc (0 elsewhere or
 * when none runs). Until the launcher exits, its tools' CPU is not in this process's exited
 * children's, so a measurement of this process's work that starts media tools adds this. A launcher
 * that has exited and been waited for is in this process's exited children's time already.
 */
export function toolLauncherCpuSeconds(): number {
  const pid = toolLauncherPid();
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime, stime, cutime, cstime, in clock ticks (USER_HZ, 100 on mainstream Linux).
    const seconds = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]) / 100, 0);
    return Number.isFinite(seconds) ? seconds : 0;
  } catch {
    return 0;
  }
}
