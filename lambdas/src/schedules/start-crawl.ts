import { ExecutionAlreadyExists, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { crawlStateMachineArn, sfn } from "../shared/aws/state-machines.js";
import { logger, observed } from "../shared/observability.js";

/** The crawl id of the hour `at` falls in: one crawl per hour, whoever starts it. */
export const crawlIdFor = (at: Date) =>
  `crawl-${at
    .toISOString()
    .slice(0, 13)
    .replace(/[^0-9]/g, "")}`;

/**
 * Every hour: one shared crawl of every configured source. The execution is named for the hour, so a
 * retried or repeated start in the same hour starts nothing more.
 */
export const handler = observed(async () => {
  const crawlId = crawlIdFor(new Date());
  try {
    await sfn.send(new StartExecutionCommand({ stateMachineArn: crawlStateMachineArn(), name: crawlId, input: "{}" }));
    logger.info("Crawl started", { crawlId });
    return { crawlId, started: true };
  } catch (error) {
    if (error instanceof ExecutionAlreadyExists || (error as Error).name === "ExecutionAlreadyExists")
      return { crawlId, started: false };
    throw error;
  }
});
