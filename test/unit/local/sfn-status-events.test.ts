import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand, StopExecutionCommand } from "@aws-sdk/client-sfn";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ExecutionStore } from "../../../local/src/aws/sfn/execution-store.js";
import {
  type ExecutionStatusChangeEvent,
  type LocalSfn,
  startSfnServer,
} from "../../../local/src/aws/sfn/sfn-server.js";
import { localClientConfig } from "../../../local/src/stand-ins/client-config.js";

let dir: string;
let events: ExecutionStatusChangeEvent[];
const servers: LocalSfn[] = [];

async function start() {
  const sfn = await startSfnServer({
    dataDir: dir,
    stateMachines: { slow: "test/unit/local/fixtures/slow.asl.json" },
    tasks: { Slow: { entry: "test/unit/local/fixtures/slow-task.ts" } },
    taskWorkers: 0,
    statusRules: [
      {
        stateMachineName: "slow",
        statuses: ["FAILED", "TIMED_OUT", "ABORTED"],
        deliver: async (e) => void events.push(e),
      },
    ],
  });
  servers.push(sfn);
  return { sfn, client: new SFNClient(localClientConfig(sfn.url)) };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-sfn-events-"));
  events = [];
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("Step Functions stand-in status-change events", () => {
  it("announces a stopped and a failed execution to the rule, as EventBridge would, and not a success", async () => {
    const { sfn, client } = await start();
    const machine = sfn.arnOf("slow");
    const run = (name: string, input: object) =>
      client.send(new StartExecutionCommand({ stateMachineArn: machine, name, input: JSON.stringify(input) }));
    const stopped = await run("stopped", { waitMs: 5_000 });
    await run("failed", { fail: true });
    await run("succeeded", {});
    await client.send(new StopExecutionCommand({ executionArn: stopped.executionArn }));
    await sfn.idle();
    expect(events.map((e) => [e.detail.name, e.detail.status]).sort()).toEqual([
      ["failed", "FAILED"],
      ["stopped", "ABORTED"],
    ]);
    const [event] = events.filter((e) => e.detail.name === "stopped");
    expect(event).toMatchObject({
      source: "aws.states",
      "detail-type": "Step Functions Execution Status Change",
      detail: {
        executionArn: stopped.executionArn,
        stateMachineArn: machine,
        input: JSON.stringify({ waitMs: 5_000 }),
      },
    });
    // Epoch milliseconds, as EventBridge delivers it.
    expect(typeof event?.detail.startDate).toBe("number");
  });

  it("announces, after a restart, the executions the stopped stack left running (ABORTED LocalStackRestarted)", async () => {
    const store = new ExecutionStore(dir);
    const executionArn = "arn:aws:states:us-east-1:000000000000:execution:slow:killed";
    store.save({
      executionArn,
      stateMachineArn: "arn:aws:states:us-east-1:000000000000:stateMachine:slow",
      name: "killed",
      status: "RUNNING",
      input: JSON.stringify({ userId: "u1", scanId: "s1" }),
      startDate: Date.now() / 1000,
    });
    const { sfn, client } = await start();
    expect(events).toEqual([]);
    await sfn.deliverPendingEvents();
    expect(events.map((e) => [e.detail.executionArn, e.detail.status, e.detail.error])).toEqual([
      [executionArn, "ABORTED", "LocalStackRestarted"],
    ]);
    expect((await client.send(new DescribeExecutionCommand({ executionArn }))).status).toBe("ABORTED");
    // Delivered once: another restart announces nothing again.
    await sfn.close();
    servers.pop();
    events = [];
    const again = await start();
    await again.sfn.deliverPendingEvents();
    expect(events).toEqual([]);
  });

  it("keeps an event whose handler failed for the next start", async () => {
    let failing = true;
    const sfn = await startSfnServer({
      dataDir: dir,
      stateMachines: { slow: "test/unit/local/fixtures/slow.asl.json" },
      tasks: { Slow: { entry: "test/unit/local/fixtures/slow-task.ts" } },
      taskWorkers: 0,
      statusRules: [
        {
          stateMachineName: "slow",
          statuses: ["FAILED"],
          deliver: async (e) => {
            if (failing) throw new Error("handler down");
            events.push(e);
          },
        },
      ],
    });
    servers.push(sfn);
    const client = new SFNClient(localClientConfig(sfn.url));
    await client.send(new StartExecutionCommand({ stateMachineArn: sfn.arnOf("slow"), input: '{"fail":true}' }));
    await sfn.idle();
    expect(events).toEqual([]);
    failing = false;
    await sfn.deliverPendingEvents();
    expect(events.map((e) => e.detail.status)).toEqual(["FAILED"]);
  });
});
