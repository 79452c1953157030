import type { SymbolicDims } from "../runtimes/onnx-fold.js";

/**
 * What scripts/build-face-browser.ts writes to models/face-models.json: for YuNet then SFace, the
 * block-quantized file setup fetched (27 MB less to download than the folded SFace), how setup
 * folds it, and the SHA-256 setup pins for the folded bytes. The page folds with the same code, so
 * it runs byte for byte the server's models, or refuses to run.
 */
export interface BrowserFaceModel {
  file: string;
  sha256: string;
  symbolicDims: SymbolicDims;
}
export const FACE_MODELS_INDEX = "face-models.json";
