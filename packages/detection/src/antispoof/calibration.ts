import calibrationJson from "./calibration.json" with { type: "json" };
import type { OperatingPoint } from "./operating-point.js";

/**
 * The AASIST operating point in use, as fitted by `npx tsx packages/detection/src/antispoof/calibrate.ts`
 * (calibration.json beside this file holds the fit's data, counts, date and every clip's score).
 */
export const aasistOperatingPoint: OperatingPoint = calibrationJson.operatingPoint;
