import { contextEnv } from "../env.js";

/** The gallery database (Aurora PostgreSQL over the RDS Data API). */
export const env = contextEnv("gallery", [
  "GALLERY_CLUSTER_ARN",
  "GALLERY_SECRET_ARN",
  "GALLERY_DATABASE",
  "GALLERY_READER_SECRET_ARN",
]);
