import { contextEnv } from "../env.js";

/** Threat records and their evidence. */
export const env = contextEnv("threats", ["TABLE_NAME", "EVIDENCE_BUCKET"]);
