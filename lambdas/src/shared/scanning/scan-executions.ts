import { ExecutionDoesNotExist, StopExecutionCommand } from "@aws-sdk/client-sfn";
import { DynamoScanRepository } from "@lg/domain/scanning/adapters/dynamo-scans";
import { dynamo } from "../aws/clients.js";
import { sfn } from "../aws/state-machines.js";
import { env } from "./env.js";

/**
 * Stops the account's scan executions still running, found by their scan records (a forced scan's
 * starter and a scheduled scan's first step both store the execution). One started but not yet
 * recorded stops itself: its first step finds the account erased.
 */
export async function stopRunningScans(userId: string): Promise<number> {
  const scans = await new DynamoScanRepository(dynamo, env().TABLE_NAME).list(userId, 100);
  let stopped = 0;
  for (const scan of scans) {
    if (scan.status !== "running" || !scan.executionArn) continue;
    try {
      await sfn.send(new StopExecutionCommand({ executionArn: scan.executionArn, cause: "The account was deleted" }));
      stopped++;
    } catch (error) {
      if (!(error instanceof ExecutionDoesNotExist || (error as Error).name === "ExecutionDoesNotExist")) throw error;
    }
  }
  return stopped;
}
