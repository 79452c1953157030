import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { TaskInvocation, TaskReply } from "./task-worker.js";

/**
 * Task handlers on a few worker threads, as Lambda runs concurrent invocations in separate
 * execution environments: a Map state's iterations then use every core instead of taking turns
 * on the main thread. Each worker keeps its own warm handler modules (and their models).
 * Workers start on the first invocation, so they copy the environment the stack has set by then.
 */
export class TaskWorkerPool {
  private readonly workers: { worker: Worker; inFlight: Map<number, Pending> }[] = [];
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
      slot.worker.postMessage(call);
    });
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map(({ worker }) => worker.terminate()));
  }

  private leastBusy() {
    if (this.workers.length < this.size) return this.spawn();
    return this.workers.reduce((best, w) => (w.inFlight.size < best.inFlight.size ? w : best));
  }

  private spawn() {
    const worker = new Worker(new URL("./task-worker.ts", import.meta.url), { execArgv: typeScriptExecArgv() });
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
    worker.on("exit", (code) => fail(new Error(`Task worker exited with code ${code}`)));
    worker.unref();
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
