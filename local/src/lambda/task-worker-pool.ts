import { type ChildProcess, fork } from "node:child_process";
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { TaskInvocation, TaskReply } from "./task-worker.js";

/**
 * Task handlers in a few child processes, as Lambda runs concurrent invocations in separate
 * execution environments: a Map state's iterations then use every core instead of taking turns
 * on the main thread. Each process keeps its own warm handler modules (and their models).
 * Processes rather than threads: a handler that spawns (ffmpeg) forks only its own environment's
 * memory, as in Lambda, not the whole stack's (a fork copies page tables: ~35 ms of CPU and ~240 ms
 * of a stalled thread per spawn from a 2 GB process, against ~20 ms and ~150 ms from 1 GB).
 * Workers start on the first invocation, so they copy the environment the stack has set by then.
 *
 * Invocations wait in one queue and a worker takes the next when it has room, rather than being
 * handed to a worker when they arrive: a handed-over invocation is stuck behind that worker's
 * inference (synchronous on its thread) while the other worker may have nothing left to do.
 */
export class TaskWorkerPool {
  private readonly workers: Worker[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private closed = false;

  /**
   * @param size worker processes at most.
   * @param invocationsPerWorker invocations one worker runs at once. One alone leaves the worker idle
   *   while it waits on the platform, the table or the bucket (~25% of a scan's Analyse time, measured
   *   with LG_TASK_TIMELINE); three keep it busy (~5-10% idle, as with no bound), and more would only
   *   queue behind its thread instead of going to the next free worker.
   */
  constructor(
    private readonly size: number,
    private readonly invocationsPerWorker = 3,
  ) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`A task pool needs at least one worker, got ${size}`);
    if (!Number.isInteger(invocationsPerWorker) || invocationsPerWorker < 1)
      throw new Error(`A task worker runs at least one invocation at once, got ${invocationsPerWorker}`);
  }

  invoke(entry: string, functionName: string, timeoutSeconds: number | undefined, event: unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("The task pool is closed"));
    return new Promise((resolve, reject) => {
      const call = { entry, functionName, event, ...(timeoutSeconds ? { timeoutSeconds } : {}) };
      this.queue.push({ call, resolve, reject, queuedAt: Date.now() });
      this.dispatch();
    });
  }

  /** Lets each environment exit on its own (so --cpu-prof and the like write their output), killing it after a grace period. */
  async close(graceMs = 2000): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.reject(new Error("The task pool closed before this ran"));
    const workers = this.workers.splice(0);
    await Promise.all(
      workers.map(({ process: worker }) =>
        worker.exitCode !== null || worker.signalCode !== null
          ? undefined
          : new Promise<void>((resolve) => {
              const kill = setTimeout(() => worker.kill(), graceMs);
              worker.once("exit", () => {
                clearTimeout(kill);
                resolve();
              });
              if (worker.connected) worker.disconnect();
              else worker.kill();
            }),
      ),
    );
  }

  private dispatch() {
    while (!this.closed && this.queue.length > 0) {
      const worker = this.withRoom();
      if (!worker) return;
      const next = this.queue.shift()!;
      const id = this.nextId++;
      worker.inFlight.set(id, { ...next, startedAt: Date.now() });
      const call: TaskInvocation = { id, ...next.call };
      worker.process.send(call);
    }
  }

  /** An idle worker first, then a new one while the pool may grow, then the least busy with room. */
  private withRoom(): Worker | undefined {
    const idle = this.workers.find((w) => w.inFlight.size === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) return this.spawn();
    const open = this.workers.filter((w) => w.inFlight.size < this.invocationsPerWorker);
    return open.reduce<Worker | undefined>(
      (best, w) => (!best || w.inFlight.size < best.inFlight.size ? w : best),
      undefined,
    );
  }

  private spawn(): Worker {
    const child = fork(fileURLToPath(new URL("./task-worker.ts", import.meta.url)), [], {
      execArgv: typeScriptExecArgv(),
      // Structured clone: events and results are plain data, as Lambda's JSON payloads are.
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const worker: Worker = { process: child, inFlight: new Map() };
    child.on("message", (reply: TaskReply) => {
      const running = worker.inFlight.get(reply.id);
      if (!running) return;
      worker.inFlight.delete(reply.id);
      recordTimeline(running, child.pid, reply.peakRssMb);
      if (reply.ok) running.resolve(reply.value);
      else running.reject(Object.assign(new Error(reply.error.message), reply.error));
      this.dispatch();
    });
    // A crashed environment fails what it was running, and what waits goes to a fresh one.
    const fail = (error: Error) => {
      const index = this.workers.indexOf(worker);
      if (index >= 0) this.workers.splice(index, 1);
      for (const running of worker.inFlight.values()) running.reject(error);
      worker.inFlight.clear();
      this.dispatch();
    };
    child.on("error", fail);
    child.on("exit", (code, signal) => fail(new Error(`Task worker exited with code ${code ?? signal}`)));
    // Like an unref'd thread: an idle pool does not keep the stack's process alive.
    child.unref();
    child.channel?.unref();
    this.workers.push(worker);
    return worker;
  }
}

interface Queued {
  call: Omit<TaskInvocation, "id">;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  queuedAt: number;
}

interface Running extends Queued {
  startedAt: number;
}

interface Worker {
  process: ChildProcess;
  inFlight: Map<number, Running>;
}

/**
 * LG_TASK_TIMELINE=<file> appends one JSON line per finished invocation (task, worker, when it was
 * queued, started and ended, epoch ms, and the worker's peak resident memory so far): where a run
 * waits shows as gaps per worker or long queues.
 */
const timelineFile = process.env.LG_TASK_TIMELINE;
function recordTimeline(run: Running, pid: number | undefined, peakRssMb: number) {
  if (!timelineFile) return;
  const line = {
    task: run.call.functionName,
    worker: pid,
    queuedAt: run.queuedAt,
    startedAt: run.startedAt,
    peakRssMb,
  };
  appendFileSync(timelineFile, `${JSON.stringify({ ...line, endedAt: Date.now() })}\n`);
}

/** Handlers are TypeScript: a worker loads them through tsx, as the main process does. */
function typeScriptExecArgv(): string[] {
  if (process.execArgv.some((arg) => arg.includes("tsx"))) return process.execArgv;
  const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return [...process.execArgv, "--import", loader];
}
