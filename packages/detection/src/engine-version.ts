import { createHash } from "node:crypto";
import modelManifest from "../../../scripts/model-manifest.json" with { type: "json" };
import {
  aiImageHeadFit,
  antispoofCalibrationFit,
  countermeasureHeadFit,
  explicitMeasurementFit,
  explicitVideoRuleFit,
  faceSyntheticHeadFit,
  fusionModelsFit,
  mesonetCalibrationFit,
  sbiHeadFit,
} from "./fitted/heads.js";

/**
 * Bumped by hand when what a person-independent signal answers for the same bytes changes without
 * any weight or fit below changing: its code (a new signal, a changed explanation or aggregation),
 * or a model shipped inside an npm package (nsfwjs's classifier) upgraded in the lock file. Findings
 * kept from before must not be reused then.
 */
const SIGNAL_CODE_REVISION = 3;

let version: string | undefined;

/**
 * What the person-independent findings of an analysis (synthetic-media and provenance signals, the
 * explicit-content reading) were computed by: the weights (by their SHA-256 in the manifest that
 * `npm run setup` verifies them against), every fitted head, calibration and fusion they are read
 * with, and the code revision. Findings kept under another version are never reused, so a model,
 * refit or code change invalidates every cached reading at once.
 */
export function engineVersion(): string {
  version ??= createHash("sha256")
    .update(
      JSON.stringify([
        SIGNAL_CODE_REVISION,
        [...modelManifest.models, ...modelManifest.derived].map((m) => [m.file, m.sha256]),
        antispoofCalibrationFit,
        explicitMeasurementFit,
        explicitVideoRuleFit,
        mesonetCalibrationFit,
        sbiHeadFit,
        fusionModelsFit,
        aiImageHeadFit,
        faceSyntheticHeadFit,
        countermeasureHeadFit,
      ]),
    )
    .digest("hex")
    .slice(0, 16);
  return version;
}
