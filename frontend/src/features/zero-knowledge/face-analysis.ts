/**
 * Zero-knowledge enrolment's face analysis, in the browser: the detection package's browser build
 * (packages/detection/src/face/browser.ts), which `npm run build:web` writes to /face-browser/ with
 * its models and WebAssembly binaries. It is imported only when a capture needs it, so none of
 * face-api, TensorFlow.js or the weights is in the app's initial JavaScript.
 */

import { faceQualityReason, poseKind, poseTurnProblem } from "@lg/domain/biometrics/capture-rules";
import { browserBuildLoader } from "./browser-build";

/** What the enrolment endpoint accepts per pose: numbers only, never the frame. */
export interface ReportedFace {
  descriptor: number[];
  faceCount: number;
  yawDegrees: number;
  detectionScore: number;
  sizePx: number;
  sharpness: number;
}

interface FaceQuality {
  detectionScore: number;
  sizePx: number;
  sharpness: number;
  yawDegrees: number;
}
interface EnrolmentGates {
  minFaceSizePx: number;
  minSharpness: number;
  maxAbsYawDegrees: number;
}
/** The part of the browser build this module calls (its exports, typed here: it is not bundled). */
interface FaceBrowserBuild {
  loadFaceModels(urls: { models: string; wasm: string }): Promise<void>;
  decodeImageFile(file: Blob): Promise<{ image: unknown; scale: number }>;
  analyseFacesInRgba(image: unknown, scale: number): Promise<{ descriptor: Float32Array; quality: FaceQuality }[]>;
  enrolmentGateReasons(faceCount: number, quality: FaceQuality | undefined, gates?: EnrolmentGates): string[];
  enrolmentGatesFor(pose: "frontal" | "turned"): EnrolmentGates;
}

/** Loads the face path once (about 1.3 MB of script and 12 MB of weights, cached by the browser). */
export const loadFaceAnalysis = browserBuildLoader<FaceBrowserBuild>("face-browser", (face, urls) =>
  face.loadFaceModels(urls),
);

export type CaptureAnalysis = { ok: true; face: ReportedFace } | { ok: false; reason: string };

/**
 * One captured pose analysed on this device: the server's gates and pose rules, in the server's
 * words (one module for both), so a bad pose is retaken before anything is sent.
 */
export async function analyseCapture(photo: Blob, poseIndex: number): Promise<CaptureAnalysis> {
  const face = await loadFaceAnalysis();
  const { image, scale } = await face.decodeImageFile(photo);
  const faces = await face.analyseFacesInRgba(image, scale);
  const first = faces[0];
  const [reason] = face.enrolmentGateReasons(faces.length, first?.quality, face.enrolmentGatesFor(poseKind(poseIndex)));
  if (reason || !first) return { ok: false, reason: faceQualityReason(reason ?? "no face found") };
  const yaw = first.quality.yawDegrees;
  const turnProblem = poseTurnProblem(poseIndex, yaw);
  if (turnProblem) return { ok: false, reason: turnProblem };
  return {
    ok: true,
    face: {
      descriptor: Array.from(first.descriptor),
      faceCount: faces.length,
      yawDegrees: yaw,
      detectionScore: first.quality.detectionScore,
      sizePx: first.quality.sizePx,
      sharpness: first.quality.sharpness,
    },
  };
}
