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
