import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
} from "@aws-sdk/client-scheduler";
import type { ScheduleApi } from "@lg/domain/scanning/scan-schedule";
import { awsClient } from "../aws/clients.js";
import { scanStateMachineArn } from "../aws/state-machines.js";
import { env } from "./env.js";

const scheduler = () => awsClient(SchedulerClient);

const isName = (e: unknown, cls: { name: string }) => (e as Error).name === cls.name;

/** Per-account scan schedules in EventBridge Scheduler, targeting the scan state machine. */
export const scanSchedules: ScheduleApi = {
  async upsert(name, expression, input) {
    const { SCHEDULER_GROUP, SCHEDULER_ROLE_ARN, SCHEDULER_DEAD_LETTER_ARN } = env();
    if (!SCHEDULER_GROUP || !SCHEDULER_ROLE_ARN)
      throw new Error("Invalid environment: SCHEDULER_GROUP, SCHEDULER_ROLE_ARN");
    const params = {
      Name: name,
      GroupName: SCHEDULER_GROUP,
      ScheduleExpression: expression,
      FlexibleTimeWindow: { Mode: "FLEXIBLE" as const, MaximumWindowInMinutes: 15 },
      Target: {
        Arn: scanStateMachineArn(),
        RoleArn: SCHEDULER_ROLE_ARN,
        Input: JSON.stringify(input),
        ...(SCHEDULER_DEAD_LETTER_ARN ? { DeadLetterConfig: { Arn: SCHEDULER_DEAD_LETTER_ARN } } : {}),
      },
    };
    try {
      await scheduler().send(new CreateScheduleCommand(params));
    } catch (e) {
      if (!isName(e, ConflictException)) throw e;
      await scheduler().send(new UpdateScheduleCommand(params));
    }
  },
  async remove(name) {
    try {
      await scheduler().send(new DeleteScheduleCommand({ Name: name, GroupName: env().SCHEDULER_GROUP }));
    } catch (e) {
      if (!isName(e, ResourceNotFoundException)) throw e;
    }
  },
};
