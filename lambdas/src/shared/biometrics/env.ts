import { contextEnv } from "../env.js";

/** Enrolled samples: the biometric bucket and the key their embeddings are sealed under. */
export const env = contextEnv("biometrics", ["TABLE_NAME", "BIOMETRIC_BUCKET", "BIOMETRIC_KEY_ID"]);
