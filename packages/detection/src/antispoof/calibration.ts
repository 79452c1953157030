import { antispoofCalibrationFit } from "../fitted/heads.js";
import type { OperatingPoint } from "./operating-point.js";

/**
 * The AASIST operating point in use, as fitted by `npm run fit:antispoof`
 * (calibration.json beside this file holds the fit's data, counts and date; every clip's score is in
 * calibration-clips.json, which the product never imports).
 */
export const aasistOperatingPoint: OperatingPoint = antispoofCalibrationFit.operatingPoint;
