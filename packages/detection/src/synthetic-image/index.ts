export { clipImageEncoder } from "../models/registry.js";
export { ClipImageEncoder, ModelFileMissing } from "./clip-encoder.js";
export {
  aiImageHead,
  aiImageSignal,
  type FaceBox,
  faceSyntheticHead,
  faceSyntheticSignal,
  type SyntheticImageOptions,
} from "./signals.js";
