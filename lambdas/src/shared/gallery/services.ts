import { RDSDataClient } from "@aws-sdk/client-rds-data";
import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { CURRENT_FACE_EMBEDDING_MODEL } from "@lg/domain/biometrics/embedding-models";
import { RdsDataSql } from "@lg/domain/gallery/adapters/rds-data-sql";
import { Gallery } from "@lg/domain/gallery/gallery";
import { GallerySync, VOICE_EMBEDDING_MODEL } from "@lg/domain/gallery/gallery-sync";
import { type HnswIndexState, untilIndexesReady } from "@lg/domain/gallery/vector-index";
import { awsClient } from "../aws/clients.js";
import { logger } from "../observability.js";
import { once } from "../once.js";
import { env } from "./env.js";

/**
 * The gallery's wiring: the RDS Data API (Aurora in AWS, the PGlite stand-in locally through
 * AWS_ENDPOINT_URL_RDS_DATA). It imports nothing of the other composition modules, so any of them
 * can take it without a cycle.
 */
const rdsData = () => awsClient(RDSDataClient);

const target = () => {
  const { GALLERY_CLUSTER_ARN, GALLERY_SECRET_ARN, GALLERY_DATABASE } = env();
  if (!GALLERY_CLUSTER_ARN || !GALLERY_SECRET_ARN || !GALLERY_DATABASE) {
    throw new Error("Invalid environment: GALLERY_CLUSTER_ARN, GALLERY_SECRET_ARN and GALLERY_DATABASE");
  }
  return { resourceArn: GALLERY_CLUSTER_ARN, secretArn: GALLERY_SECRET_ARN, database: GALLERY_DATABASE };
};

/** The gallery database: face and voice embeddings, and registered image hashes (pdq-index.ts). */
export const gallerySql = once(() => new RdsDataSql(rdsData(), target()));

export const gallery = once(
  () =>
    new Gallery(gallerySql(), {
      now: () => new Date(),
      models: { face: CURRENT_FACE_EMBEDDING_MODEL, voice: VOICE_EMBEDDING_MODEL },
    }),
);
export const gallerySync = once(() => new GallerySync(gallery));

/**
 * The after-deploy step's part: tables and indexes, and in AWS the read-only user the health check
 * signs in as (its password from its own secret; the local stand-in has one sign-in and no such secret).
 */
export async function ensureGallerySchema(): Promise<HnswIndexState[]> {
  const indexes = await gallery().ensureSchema();
  const readerSecretArn = env().GALLERY_READER_SECRET_ARN;
  if (!readerSecretArn) return indexes;
  const secrets = awsClient(SecretsManagerClient);
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: readerSecretArn }));
  const { username, password } = JSON.parse(SecretString ?? "{}") as { username?: string; password?: string };
  if (!username || !password) throw new Error("The gallery reader secret has no username and password");
  await gallery().ensureReader(username, password);
  return indexes;
}

/**
 * Waits, as long as the function's time allows, for an index rebuild ensureGallerySchema began (a new
 * graph at a million rows takes minutes; the Data API call returned after 45 s and the build went on),
 * logging its progress; the swap (dropping the old graph) happens when it is done. Still building at
 * the end: the old index answers meanwhile and the next run finishes the swap.
 */
export function finishGalleryIndexes(started: HnswIndexState[], remainingMs: () => number) {
  return untilIndexesReady(() => gallery().ensureIndexes(), started, {
    // A minute kept for the function to log and return.
    remainingMs: () => remainingMs() - 60_000,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    pollMs: 30_000,
    report: (states) => logger.info("Gallery indexes", { indexes: states }),
  });
}
