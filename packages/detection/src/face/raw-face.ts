import type { Box } from "../result.js";
import type { Point } from "./yunet.js";

/** One face as the pipeline finds it (face-pipeline.ts), before the analysis adds quality and matching. */
export interface RawFace {
  box: Box;
  score: number;
  /** YuNet's 5 landmarks: eyes, nose tip, mouth corners (image-left first). */
  landmarks: Point[];
  descriptor: Float32Array;
  /** Laplacian variance of the aligned 112×112 crop (the enrolment blur gate). */
  sharpness: number;
}
