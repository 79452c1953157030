import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TaskWorkerPool } from "../../../local/src/lambda/task-worker-pool.js";
import { repoRoot } from "../../../local/src/repo-root.js";

// Handler modules are addressed from the repository root, as the task table names them.
mkdirSync(path.join(repoRoot, "test-artifacts"), { recursive: true });
const dir = mkdtempSync(path.join(repoRoot, "test-artifacts", "task-pool-"));
const entry = (name: string, source: string) => {
  writeFileSync(path.join(dir, name), source);
  return path.relative(repoRoot, path.join(dir, name));
};
const echo = entry(
  "echo.mjs",
  "export const handler = async (event, context) => ({ event, fn: context.functionName, pid: process.pid });",
);
const failing = entry(
  "failing.mjs",
  "export const handler = async () => { const e = new Error('no such item'); e.name = 'ItemGone'; throw e; };",
);
const crashing = entry("crashing.mjs", "export const handler = async () => { process.exit(3); };");
// Holds its worker's thread, as a model's inference does.
const computing = entry(
  "computing.mjs",
  "export const handler = async (event) => { const end = Date.now() + event.ms; while (Date.now() < end); return { pid: process.pid, endedAt: Date.now() }; };",
);
// Waits without holding the thread, as a request to the platform or the table does; counts its company.
const waiting = entry(
  "waiting.mjs",
  `let running = 0;
  export const handler = async (event) => {
    running += 1;
    const alongside = running;
    await new Promise((r) => setTimeout(r, event.ms));
    running -= 1;
    return { pid: process.pid, alongside };
  };`,
);

const pool = new TaskWorkerPool(2);
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("local task handlers in worker processes, as Lambda's concurrent environments", () => {
  it("runs invocations in separate processes and returns each handler's result", async () => {
    const results = (await Promise.all([1, 2, 3, 4].map((n) => pool.invoke(echo, "lg-local-Echo", 30, { n })))) as {
      event: { n: number };
      fn: string;
      pid: number;
    }[];
    expect(results.map((r) => r.event.n)).toEqual([1, 2, 3, 4]);
    expect(results.every((r) => r.fn === "lg-local-Echo")).toBe(true);
    expect(new Set(results.map((r) => r.pid)).size).toBe(2);
    expect(results.every((r) => r.pid !== process.pid)).toBe(true);
  });

  it("keeps a handler error's name, so Retry and Catch rules of the state machine match it", async () => {
    await expect(pool.invoke(failing, "lg-local-Failing", 30, {})).rejects.toMatchObject({
      name: "ItemGone",
      message: "no such item",
    });
  });

  it("fails what a crashed environment was running and gives the next invocation a fresh one", async () => {
    await expect(pool.invoke(crashing, "lg-local-Crash", 30, {})).rejects.toThrow(/exited with code 3/);
    await expect(pool.invoke(echo, "lg-local-Echo", 30, { after: true })).resolves.toMatchObject({
      event: { after: true },
    });
  });
});

describe("local task invocations wait in one queue for a worker with room", () => {
  it("gives what arrives while one worker computes to the worker that is free", async () => {
    const onePerWorker = new TaskWorkerPool(2, 1);
    try {
      // Both environments up and warm first, so timing is about dispatch, not start-up.
      await Promise.all([1, 2].map(() => onePerWorker.invoke(computing, "lg-local-Warm", 30, { ms: 300 })));
      const busy = onePerWorker.invoke(computing, "lg-local-Busy", 30, { ms: 1500 }) as Promise<{
        pid: number;
        endedAt: number;
      }>;
      const quick = (await Promise.all(
        [1, 2, 3, 4].map((n) =>
          onePerWorker.invoke(echo, "lg-local-Quick", 30, { n }).then((r) => ({ ...(r as object), at: Date.now() })),
        ),
      )) as { pid: number; at: number }[];
      const blocked = await busy;
      expect(quick.every((r) => r.pid !== blocked.pid)).toBe(true);
      expect(Math.max(...quick.map((r) => r.at))).toBeLessThan(blocked.endedAt);
    } finally {
      await onePerWorker.close();
    }
  });

  it("runs at most three invocations at once in one worker and the rest when they finish", async () => {
    const results = (await Promise.all(
      Array.from({ length: 10 }, () => pool.invoke(waiting, "lg-local-Wait", 30, { ms: 150 })),
    )) as { pid: number; alongside: number }[];
    expect(results).toHaveLength(10);
    expect(Math.max(...results.map((r) => r.alongside))).toBe(3);
  });

  it("refuses what still waits when the pool closes", async () => {
    const closing = new TaskWorkerPool(1, 1);
    const running = closing.invoke(waiting, "lg-local-Wait", 30, { ms: 200 });
    const queued = closing.invoke(echo, "lg-local-Echo", 30, {});
    const closed = closing.close();
    await expect(queued).rejects.toThrow(/closed before this ran/);
    await closed;
    await running.catch(() => undefined);
  });
});
