import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateScheduleCommand, GetScheduleCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { DescribeExecutionCommand, ListExecutionsCommand, SFNClient, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { nextFireTime } from "../../local/src/aws/scheduler/schedule-expression.js";
import { type LocalScheduler, startSchedulerServer } from "../../local/src/aws/scheduler/scheduler-server.js";
import { scheduleTargetInvoker } from "../../local/src/scheduled-jobs.js";
import { clientConfig, eventually } from "./local-clients.js";

const stack = inject("localStack");

describe("local EventBridge Scheduler", () => {
  let now = Date.parse("2026-01-05T10:00:00Z");
  let scheduler: LocalScheduler;
  let dataDir: string;
  const sfn = new SFNClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_SFN"));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "lg-scheduler-"));
    scheduler = await startSchedulerServer({
      dataDir,
      groups: ["scans"],
      clock: () => now,
      pollMs: 0,
      invokeTarget: scheduleTargetInvoker(
        {},
        {
          startExecution: async (stateMachineArn, input) => {
            await sfn.send(new StartExecutionCommand({ stateMachineArn, input }));
          },
          invokeFunction: async () => {
            throw new Error("no functions in this test");
          },
        },
      ),
    });
  });
  afterAll(async () => {
    await scheduler.close();
    sfn.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("fires a rate(1 minute) schedule once its clock passes the minute, starting the target state machine", async () => {
    const client = new SchedulerClient({
      ...clientConfig(stack.env, "AWS_ENDPOINT_URL_SCHEDULER"),
      endpoint: scheduler.url,
    });
    await client.send(
      new CreateScheduleCommand({
        Name: "scan-user-1",
        GroupName: "scans",
        ScheduleExpression: "rate(1 minute)",
        FlexibleTimeWindow: { Mode: "OFF" },
        Target: {
          Arn: stack.greetingStateMachineArn,
          RoleArn: "arn:aws:iam::000000000000:role/scheduler",
          Input: JSON.stringify({ name: "from the scheduler" }),
        },
      }),
    );
    expect(
      (await client.send(new GetScheduleCommand({ Name: "scan-user-1", GroupName: "scans" }))).ScheduleExpression,
    ).toBe("rate(1 minute)");

    const executions = async () =>
      (await sfn.send(new ListExecutionsCommand({ stateMachineArn: stack.greetingStateMachineArn }))).executions ?? [];
    const before = (await executions()).length;

    now += 59_000;
    expect(await scheduler.tick()).toEqual([]);
    now += 2_000;
    expect(await scheduler.tick()).toEqual(["scan-user-1"]);
    expect(await scheduler.tick()).toEqual([]);

    const newest = await eventually(async () => {
      const all = await executions();
      return all.length > before && all[0]?.status !== "RUNNING" ? all[0] : undefined;
    });
    const execution = await sfn.send(new DescribeExecutionCommand({ executionArn: newest.executionArn }));
    expect(execution.status).toBe("SUCCEEDED");
    expect(JSON.parse(execution.input ?? "{}")).toEqual({ name: "from the scheduler" });
    client.destroy();
  });

  it("computes next fire times for rate, cron (1 = Sunday, as in EventBridge) and at expressions", () => {
    const monday = Date.parse("2026-01-05T10:00:00Z");
    expect(new Date(nextFireTime("rate(2 hours)", monday, monday)!).toISOString()).toBe("2026-01-05T12:00:00.000Z");
    expect(new Date(nextFireTime("cron(0 9 ? * 1 *)", monday, monday)!).toISOString()).toBe("2026-01-11T09:00:00.000Z");
    expect(new Date(nextFireTime("cron(30 8 * * ? *)", monday, monday)!).toISOString()).toBe(
      "2026-01-06T08:30:00.000Z",
    );
    expect(nextFireTime("at(2026-01-05T09:00:00)", monday, monday)).toBeUndefined();
    expect(new Date(nextFireTime("at(2026-01-05T12:00:00)", monday, monday, "Europe/Paris")!).toISOString()).toBe(
      "2026-01-05T11:00:00.000Z",
    );
  });
});
