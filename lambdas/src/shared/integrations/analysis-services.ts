import { StartExecutionCommand } from "@aws-sdk/client-sfn";
import { DynamoAnalyses } from "@lg/domain/integrations/adapters/dynamo-analyses";
import { S3AnalysisUploads } from "@lg/domain/integrations/adapters/s3-analysis-uploads";
import { AnalysisRequests } from "@lg/domain/integrations/analyses";
import { dynamo, s3, s3Presigner } from "../aws/clients.js";
import { analysisStateMachineArn, sfn } from "../aws/state-machines.js";
import { once } from "../once.js";
import { env } from "./env.js";

/**
 * Analyses asked for through the public API: where they are kept, where uploads go (the scan-work
 * bucket), and the workflow that runs them (workflows/analysis, which also imports detection).
 */
export const analysisStore = once(() => new DynamoAnalyses(dynamo, env().TABLE_NAME));

export const analysisUploads = once(() => {
  const bucket = env().SCAN_WORK_BUCKET;
  if (!bucket) throw new Error("Invalid environment: SCAN_WORK_BUCKET");
  return new S3AnalysisUploads(s3, bucket, s3Presigner, () => new Date());
});

export const analysisRequests = once(
  () =>
    new AnalysisRequests({
      store: analysisStore(),
      uploads: analysisUploads(),
      startWorkflow: async (name, input) => {
        await sfn.send(
          new StartExecutionCommand({ stateMachineArn: analysisStateMachineArn(), name, input: JSON.stringify(input) }),
        );
      },
      now: () => new Date(),
    }),
);
