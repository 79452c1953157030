import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalStack } from "../../local/src/stack.js";
import { GREETING_STATE_MACHINE, GREETING_TASKS } from "./stack-context.js";

/** Starts the whole local stack once for the integration layer: random ports, a temp data dir. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "lg-integration-"));
  // Sessions re-check their Cognito user every 60 s in AWS; 1 s lets hardening.test.ts see a
  // disabled or deleted account end its sessions without waiting a minute.
  process.env.SESSION_RECHECK_SECONDS ??= "1";
  // Webhook retries wait 30 s to 12 h in AWS; two 1 s retries let webhooks.test.ts see a delivery
  // fail every attempt and land in the dead-letter queue.
  process.env.WEBHOOK_RETRY_DELAYS ??= "1,1";
  const stack = await startLocalStack({
    dataDir,
    port: 0,
    extraStateMachines: { [GREETING_STATE_MACHINE]: "test/integration/fixtures/greeting.asl.json" },
    extraTasks: GREETING_TASKS,
    // A small simulated world keeps the scan tests quick; bench:scan measures a larger one.
    simulator: { totalItems: 36, plantedItems: 8 },
  });
  project.provide("localStack", {
    url: stack.url,
    env: stack.env,
    greetingStateMachineArn: stack.sfn.arnOf(GREETING_STATE_MACHINE),
  });
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
