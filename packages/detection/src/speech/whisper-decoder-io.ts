/**
 * The names and shape of Whisper base's decoder graphs, which setup derives
 * (derive/whisper-decoder-graph.ts) and the speech recogniser runs (recogniser.ts).
 */
export const DECODER_TOKENS_INPUT = "tokens";
export const DECODER_LOGITS = "logits";
export const crossKeys = (layer: number) => `cross_k_${layer}`;
export const crossValues = (layer: number) => `cross_v_${layer}`;
/** Whisper base's decoder: transformer layers, width and vocabulary (setup checks the model it converts has them). */
export const WHISPER_BASE_DECODER = { layers: 6, width: 512, vocabulary: 51865 } as const;
