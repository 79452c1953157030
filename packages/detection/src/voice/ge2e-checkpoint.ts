import { loadStateDict, weight } from "../torch/weights.js";
import { EMBEDDING_SIZE, GE2E_WEIGHTS_FILE, HIDDEN, LAYERS } from "./ge2e.js";
import { buildLstmGraph } from "./ge2e-graph.js";
import { N_MELS } from "./mel.js";

export interface Ge2eModelParts {
  /** The three LSTM layers as ONNX model bytes. */
  lstmGraph: Uint8Array;
  linearW: Float32Array;
  linearB: Float32Array;
}

/**
 * The GE2E encoder from Resemblyzer's checkpoint in the model cache: the server loads it this way,
 * and the browser build writes these same parts as its model files, so both run one graph.
 */
export async function loadGe2eModelParts(): Promise<Ge2eModelParts> {
  const state = await loadStateDict(GE2E_WEIGHTS_FILE, ["model_state"]);
  return {
    lstmGraph: buildLstmGraph(state, LAYERS, N_MELS, HIDDEN),
    linearW: weight(state, "linear.weight", [EMBEDDING_SIZE, HIDDEN]),
    linearB: weight(state, "linear.bias", [EMBEDDING_SIZE]),
  };
}
