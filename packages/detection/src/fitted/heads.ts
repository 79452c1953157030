/**
 * The fitted heads the server-side engine reads, each loaded and checked once (manifest.ts). A
 * leaf module: the signal modules, the fusion and the engine version import their heads from here,
 * never the JSON itself. The speaker calibration is the exception, loaded where it is read
 * (voice/matching.ts), because the browser's voice bundle reads it and needs none of these.
 */
import antispoofCalibrationJson from "../antispoof/calibration.json" with { type: "json" };
import explicitMeasurementJson from "../explicit/false-positive-measurement.json" with { type: "json" };
import explicitVideoRuleJson from "../explicit/video-rule.json" with { type: "json" };
import mesonetCalibrationJson from "../faceswap/mesonet-calibration.json" with { type: "json" };
import sbiHeadJson from "../faceswap/sbi-head.json" with { type: "json" };
import sbiNetJson from "../faceswap/sbi-net.json" with { type: "json" };
import fusionModelsJson from "../fusion-model.json" with { type: "json" };
import aiImageHeadJson from "../synthetic-image/ai-image-head.json" with { type: "json" };
import faceSyntheticHeadJson from "../synthetic-image/face-synthetic-head.json" with { type: "json" };
import countermeasureHeadJson from "../voice-synthetic/head.json" with { type: "json" };
import { loadFitted } from "./manifest.js";

export const fusionModelsFit = loadFitted("fusion-model.json", fusionModelsJson);
export const aiImageHeadFit = loadFitted("synthetic-image/ai-image-head.json", aiImageHeadJson);
export const faceSyntheticHeadFit = loadFitted("synthetic-image/face-synthetic-head.json", faceSyntheticHeadJson);
export const sbiHeadFit = loadFitted("faceswap/sbi-head.json", sbiHeadJson);
export const sbiNetFit = loadFitted("faceswap/sbi-net.json", sbiNetJson);
export const mesonetCalibrationFit = loadFitted("faceswap/mesonet-calibration.json", mesonetCalibrationJson);
export const countermeasureHeadFit = loadFitted("voice-synthetic/head.json", countermeasureHeadJson);
export const antispoofCalibrationFit = loadFitted("antispoof/calibration.json", antispoofCalibrationJson);
export const explicitMeasurementFit = loadFitted("explicit/false-positive-measurement.json", explicitMeasurementJson);
export const explicitVideoRuleFit = loadFitted("explicit/video-rule.json", explicitVideoRuleJson);
