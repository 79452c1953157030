import { type ChildProcess, fork } from "node:child_process";
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
 */
export class TaskWorkerPool {
  private readonly workers: { worker: ChildProcess; inFlight: Map<number, Pending> }[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`A task pool needs at least one worker, got ${size}`);
  }

  invoke(entry: string, functionName: string, timeoutSeconds: number | undefined, event: unknown): Promise<unknown> {
    const slot = this.leastBusy();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.inFlight.set(id, { resolve, reject });
      const call: TaskInvocation = { id, entry, functionName, event, ...(timeoutSeconds ? { timeoutSeconds } : {}) };
      slot.worker.send(call);
    });
  }

  /** Lets each environment exit on its own (so --cpu-prof and the like write their output), killing it after a grace period. */
  async close(graceMs = 2000): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(
      workers.map(({ worker }) =>
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

  private leastBusy() {
    if (this.workers.length < this.size) return this.spawn();
    return this.workers.reduce((best, w) => (w.inFlight.size < best.inFlight.size ? w : best));
  }

  private spawn() {
    const worker = fork(fileURLToPath(new URL("./task-worker.ts", import.meta.url)), [], {
      execArgv: typeScriptExecArgv(),
      // Structured clone: events and results are plain data, as Lambda's JSON payloads are.
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const slot = { worker, inFlight: new Map<number, Pending>() };
    worker.on("message", (reply: TaskReply) => {
      const pending = slot.inFlight.get(reply.id);
      if (!pending) return;
      slot.inFlight.delete(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
    // A crashed environment fails what it was running, and the next invocation gets a fresh one.
    const fail = (error: Error) => {
      const index = this.workers.indexOf(slot);
      if (index >= 0) this.workers.splice(index, 1);
      for (const pending of slot.inFlight.values()) pending.reject(error);
      slot.inFlight.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code, signal) => fail(new Error(`Task worker exited with code ${code ?? signal}`)));
    // Like an unref'd thread: an idle pool does not keep the stack's process alive.
    worker.unref();
    worker.channel?.unref();
    this.workers.push(slot);
    return slot;
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** Handlers are TypeScript: a worker loads them through tsx, as the main process does. */
function typeScriptExecArgv(): string[] {
  if (process.execArgv.some((arg) => arg.includes("tsx"))) return process.execArgv;
  const loader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return [...process.execArgv, "--import", loader];
}
