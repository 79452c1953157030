import { CreateScheduleCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { mockClient } from "aws-sdk-client-mock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const scheduler = mockClient(SchedulerClient);

beforeAll(() => {
  // The shared environment every handler validates at start.
  for (const [name, value] of Object.entries({
    TABLE_NAME: "table",
    BIOMETRIC_BUCKET: "biometrics",
    BIOMETRIC_KEY_ID: "arn:aws:kms:eu-west-1:123456789012:key/1",
    USER_POOL_ID: "eu-west-1_pool",
    USER_POOL_CLIENT_ID: "client",
    APP_URL: "https://app.example",
  }))
    vi.stubEnv(name, value);
  vi.stubEnv("SCHEDULER_GROUP", "scans");
  vi.stubEnv("SCHEDULER_ROLE_ARN", "arn:aws:iam::123456789012:role/scan-starter");
  vi.stubEnv("SCHEDULER_DEAD_LETTER_ARN", "arn:aws:sqs:eu-west-1:123456789012:dead-letters");
  vi.stubEnv("SCAN_STATE_MACHINE_ARN", "arn:aws:states:eu-west-1:123456789012:stateMachine:scan");
});
afterAll(() => {
  vi.unstubAllEnvs();
  scheduler.restore();
});

describe("per-person scan schedules", () => {
  it("name the dead-letter queue, so a start the schedule could not make is kept, not dropped", async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    const { scanSchedules } = await import("../../../lambdas/src/shared/scanning/scan-schedules.js");
    await scanSchedules.upsert("scan-user-1", "rate(1 day)", { userId: "user-1" });
    const sent = scheduler.commandCalls(CreateScheduleCommand)[0]?.args[0].input;
    expect(sent?.Target?.DeadLetterConfig).toEqual({ Arn: "arn:aws:sqs:eu-west-1:123456789012:dead-letters" });
    expect(sent?.Target?.RoleArn).toBe("arn:aws:iam::123456789012:role/scan-starter");
  });
});
