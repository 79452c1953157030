import { z } from "zod";
import { Reauthentication } from "./reauthentication.js";

/**
 * What the web app sends to the account routes that have no input module of their own, written
 * once: the handlers validate with these (same messages) and the web app types the bodies it sends
 * from them (docs/architecture.md, "The web contract").
 */

/** POST /api/account/export: the download with biometric templates, given fresh proof. */
export const BiometricsExport = Reauthentication.extend({ include: z.literal("biometrics") });

export type BiometricsExportRequest = z.input<typeof BiometricsExport>;
