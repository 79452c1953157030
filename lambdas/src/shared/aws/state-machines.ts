import { SFNClient } from "@aws-sdk/client-sfn";
import { awsClient } from "./clients.js";
import { env } from "./env.js";

/**
 * The Step Functions client and the scan and crawl state machines' ARNs: scans are started (a
 * forced scan, a schedule) and stopped (erasure) from several contexts, the crawl by its hourly job;
 * none of them needs to import another for it.
 */
export const sfn = awsClient(SFNClient);

export const scanStateMachineArn = () => {
  const arn = env().SCAN_STATE_MACHINE_ARN;
  if (!arn) throw new Error("Invalid environment: SCAN_STATE_MACHINE_ARN");
  return arn;
};

export const crawlStateMachineArn = () => {
  const arn = env().CRAWL_STATE_MACHINE_ARN;
  if (!arn) throw new Error("Invalid environment: CRAWL_STATE_MACHINE_ARN");
  return arn;
};

/** The public API's analyses (statemachines/analysis.asl.json), started by POST /api/v1/analyses. */
export const analysisStateMachineArn = () => {
  const arn = env().ANALYSIS_STATE_MACHINE_ARN;
  if (!arn) throw new Error("Invalid environment: ANALYSIS_STATE_MACHINE_ARN");
  return arn;
};
