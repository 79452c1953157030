/**
 * The manifest of fitted heads: every JSON file a fit writes and the engine reads (by its path under
 * packages/detection/src), the schema of its kind (schemas.ts) and the command that refits it.
 * Each reader loads its file through loadFitted once, at module load, so a malformed or
 * half-written fit stops the engine there, naming the file and the field, instead of deciding
 * verdicts with a missing threshold. Each reader imports only its own file: the browser and
 * Lambda bundles carry the heads they use and no others.
 */
import type { z } from "zod";
import * as schemas from "./schemas.js";

export const FITTED_HEADS = {
  "fusion-model.json": { schema: schemas.fusionModels, fit: "npm run fit:fusion" },
  "synthetic-image/ai-image-head.json": { schema: schemas.linearProbeHead, fit: "npm run fit:image" },
  "synthetic-image/face-synthetic-head.json": { schema: schemas.linearProbeHead, fit: "npm run fit:image" },
  "faceswap/sbi-head.json": { schema: schemas.sbiHead, fit: "npm run fit:face-swap-sbi" },
  "faceswap/sbi-net.json": { schema: schemas.sbiNetHead, fit: "npm run fit:sbi-net" },
  "faceswap/mesonet-calibration.json": { schema: schemas.mesonetCalibration, fit: "npm run fit:mesonet" },
  "voice-synthetic/head.json": { schema: schemas.countermeasureHead, fit: "npm run fit:voice" },
  "voice-synthetic/held-out-heads.json": { schema: schemas.heldOutHeads, fit: "npm run fit:voice" },
  "voice/calibration.json": {
    schema: schemas.voiceCalibration,
    fit: "npm run fit:speaker",
  },
  "antispoof/calibration.json": {
    schema: schemas.antispoofCalibration,
    fit: "npm run fit:antispoof",
  },
  "explicit/false-positive-measurement.json": {
    schema: schemas.explicitMeasurement,
    fit: "npm run bench:detection -- --only synthetic (bench/explicit-and-faceswap.ts)",
  },
  "explicit/video-rule.json": { schema: schemas.explicitVideoRule, fit: "npm run fit:explicit-video" },
} as const;

export type FittedFile = keyof typeof FITTED_HEADS;
export type Fitted<F extends FittedFile> = z.output<(typeof FITTED_HEADS)[F]["schema"]>;

export class MalformedFit extends Error {
  override readonly name = "MalformedFit";
  constructor(
    readonly file: FittedFile,
    readonly issues: string[],
  ) {
    super(
      `packages/detection/src/${file} is not a valid fit (refit with ${FITTED_HEADS[file].fit}): ${issues.join("; ")}`,
    );
  }
}

/**
 * The fitted file's contents once its schema holds, else MalformedFit. The object returned is the
 * one imported (not a parsed copy), so what the engine reads, and the engine version hashes, is
 * the committed file exactly.
 */
export function loadFitted<F extends FittedFile>(file: F, json: unknown): Fitted<F> {
  const checked = FITTED_HEADS[file].schema.safeParse(json);
  if (!checked.success) {
    throw new MalformedFit(
      file,
      checked.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  return json as Fitted<F>;
}
