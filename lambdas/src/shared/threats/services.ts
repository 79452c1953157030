import { DynamoErasedAccounts } from "@lg/domain/accounts/adapters/dynamo-erased-accounts";
import { DynamoScanLocks } from "@lg/domain/scanning/adapters/dynamo-scan-locks";
import { DynamoScanRepository } from "@lg/domain/scanning/adapters/dynamo-scans";
import { S3EvidenceStore } from "@lg/domain/scanning/adapters/s3-evidence";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { dynamo, s3 } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";

/**
 * The threats context's records: what scans write (threats, scans, their locks, evidence) and
 * takedowns, alerts and erasure read. Its queries for the app are threat-queries/services.ts, so
 * these functions load neither the previews' image codec nor the scan's connectors and detection.
 */
const evidenceBucket = () => {
  const bucket = env().EVIDENCE_BUCKET;
  if (!bucket) throw new Error("Invalid environment: EVIDENCE_BUCKET");
  return bucket;
};

export const threatRepository = once(() => new DynamoThreatRepository(dynamo, env().TABLE_NAME));
export const scanRepository = once(() => new DynamoScanRepository(dynamo, env().TABLE_NAME));
export const erasedAccounts = once(() => new DynamoErasedAccounts(dynamo, env().TABLE_NAME));
export const scanLocks = once(() => new DynamoScanLocks(dynamo, env().TABLE_NAME));
export const evidenceStore = once(() => new S3EvidenceStore(s3, evidenceBucket()));
