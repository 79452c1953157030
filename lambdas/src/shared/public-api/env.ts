import { contextEnv } from "../env.js";

/** The public API over the app's services: evidence links point into the evidence bucket. */
export const env = contextEnv("public-api", ["EVIDENCE_BUCKET"]);
