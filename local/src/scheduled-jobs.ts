import { ConflictException, CreateScheduleCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { buildAwsClient } from "@lg/lambdas/shared/aws/clients";
import type { ScheduleTarget } from "./aws/scheduler/scheduler-server.js";
import { functionArn } from "./aws/sfn/bind-definition.js";
import { LOCAL_NAMES } from "./local-names.js";
import { localClientConfig } from "./stand-ins/client-config.js";

type Jobs = Record<string, { entry: string; rate: string }>;

const jobFunctionName = (job: string) => `job-${job}`;

/** Creates a schedule per scheduled job in the default group, as the workflows stack does in AWS. */
export async function ensureScheduledJobs(endpoint: string, jobs: Jobs): Promise<void> {
  const client = buildAwsClient(SchedulerClient, localClientConfig(endpoint));
  try {
    for (const [name, job] of Object.entries(jobs)) {
      try {
        await client.send(
          new CreateScheduleCommand({
            Name: `likenessguard-${name}`,
            ScheduleExpression: job.rate,
            FlexibleTimeWindow: { Mode: "OFF" },
            Target: { Arn: functionArn(jobFunctionName(name)), RoleArn: LOCAL_NAMES.schedulerRoleArn },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error;
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * What firing a schedule does: a state machine target starts an execution through the Step Functions
 * API (as Scheduler does with its role); a function target runs that scheduled job's handler.
 */
export function scheduleTargetInvoker(
  jobs: Jobs,
  ports: {
    startExecution(stateMachineArn: string, input: string): Promise<void>;
    invokeFunction(entry: string, functionName: string, event: unknown): Promise<void>;
  },
) {
  const entryByArn = new Map(
    Object.entries(jobs).map(([name, job]) => [functionArn(jobFunctionName(name)), job.entry]),
  );
  return async (target: ScheduleTarget): Promise<void> => {
    const input = target.Input ?? "{}";
    if (target.Arn.startsWith("arn:aws:states:")) return ports.startExecution(target.Arn, input);
    const entry = entryByArn.get(target.Arn);
    if (!entry) throw new Error(`Unsupported schedule target ${target.Arn}`);
    return ports.invokeFunction(entry, target.Arn.split(":").pop() ?? "", JSON.parse(input));
  };
}
