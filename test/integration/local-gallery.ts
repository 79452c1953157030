import { RDSDataClient } from "@aws-sdk/client-rds-data";
import { CURRENT_FACE_EMBEDDING_MODEL } from "@lg/domain/biometrics/embedding-models";
import { RdsDataSql } from "@lg/domain/gallery/adapters/rds-data-sql";
import { Gallery, galleryTable } from "@lg/domain/gallery/gallery";
import { VOICE_EMBEDDING_MODEL } from "@lg/domain/gallery/gallery-sync";
import { clientConfig } from "./local-clients.js";
import type { ProvidedStack } from "./stack-context.js";

/** SQL over the RDS Data API stand-in: the same SDK call crawler functions make to Aurora. */
export const localGallerySql = (env: ProvidedStack["env"]) =>
  new RdsDataSql(new RDSDataClient(clientConfig(env, "AWS_ENDPOINT_URL_RDS_DATA")), {
    resourceArn: env.GALLERY_CLUSTER_ARN ?? "",
    secretArn: env.GALLERY_SECRET_ARN ?? "",
    database: env.GALLERY_DATABASE ?? "",
  });

/** The stack's gallery over the RDS Data API stand-in. */
export const localGallery = (env: ProvidedStack["env"]) =>
  new Gallery(localGallerySql(env), {
    now: () => new Date(),
    models: { face: CURRENT_FACE_EMBEDDING_MODEL, voice: VOICE_EMBEDDING_MODEL },
  });

/**
 * Empties the stack's gallery. The integration files share one stack, and a face verified by one
 * file (most use the same public photos) would hold the next file's live checks of it for review.
 */
export async function emptyLocalGallery(env: ProvidedStack["env"]) {
  const sql = localGallerySql(env);
  for (const modality of ["face", "voice"] as const) await sql.execute(`DELETE FROM ${galleryTable(modality)}`);
}
