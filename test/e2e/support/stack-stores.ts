import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { S3Client } from "@aws-sdk/client-s3";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { S3EvidenceStore } from "@lg/domain/scanning/adapters/s3-evidence";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";

/** The local stack's table and evidence bucket, for journeys that write threats as a scan writes them. */
export function stackStores(env: Record<string, string | undefined>) {
  const clients = { region: "us-east-1", credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } };
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ ...clients, endpoint: env.AWS_ENDPOINT_URL_DYNAMODB }));
  const threats = new DynamoThreatRepository(doc, env.TABLE_NAME ?? "");
  const evidence = new S3EvidenceStore(
    new S3Client({ ...clients, endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true }),
    env.EVIDENCE_BUCKET ?? "",
  );
  return { doc, threats, evidence };
}
