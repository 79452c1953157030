import { createHash } from "node:crypto";
import modelManifest from "../../../scripts/model-manifest.json" with { type: "json" };
import antispoofCalibration from "./antispoof/calibration.json" with { type: "json" };
import explicitMeasurement from "./explicit/false-positive-measurement.json" with { type: "json" };
import explicitVideoRule from "./explicit/video-rule.json" with { type: "json" };
import mesonetCalibration from "./faceswap/mesonet-calibration.json" with { type: "json" };
import sbiHead from "./faceswap/sbi-head.json" with { type: "json" };
import fusionModel from "./fusion-model.json" with { type: "json" };
import aiImageHead from "./synthetic-image/ai-image-head.json" with { type: "json" };
import faceSyntheticHead from "./synthetic-image/face-synthetic-head.json" with { type: "json" };
import voiceSyntheticHead from "./voice-synthetic/head.json" with { type: "json" };

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
        antispoofCalibration,
        explicitMeasurement,
        explicitVideoRule,
        mesonetCalibration,
        sbiHead,
        fusionModel,
        aiImageHead,
        faceSyntheticHead,
        voiceSyntheticHead,
      ]),
    )
    .digest("hex")
    .slice(0, 16);
  return version;
}
