/**
 * Hyper-parameters of the two published AASIST checkpoints (clovaai/aasist config/*.conf,
 * "model_config"); the weights only fit the architecture these numbers describe.
 */
export type AasistVariant = "AASIST" | "AASIST-L";

/** The encoder graph's input (the raw window) and output (its feature map); derive/aasist-encoder.ts builds it. */
export const ENCODER_INPUT = "waveform";
export const ENCODER_OUTPUT = "encoded";

export interface AasistConfig {
  variant: AasistVariant;
  /** The published PyTorch checkpoint, which only `npm run setup` reads. */
  checkpointFile: string;
  /** What setup derives from it and the runtime loads: the convolutional encoder's ONNX graph… */
  encoderFile: string;
  /** …and the graph-attention half's weights as a float32 tensor file. */
  tensorsFile: string;
  samples: number;
  sincKernel: number;
  sincFilters: number;
  /** [in, out] channels of the six residual blocks. */
  blocks: [number, number][];
  gatDims: [number, number];
  poolRatios: [number, number, number, number];
  temperatures: [number, number, number, number];
}

const SAMPLES = 64_600;

function blocksOf(filts: [number, number][]): [number, number][] {
  const last = filts[3] as [number, number];
  return [...filts, last, last];
}

export const AASIST_CONFIGS: Record<AasistVariant, AasistConfig> = {
  AASIST: {
    variant: "AASIST",
    checkpointFile: "aasist/AASIST.pth",
    encoderFile: "aasist/AASIST.encoder.onnx",
    tensorsFile: "aasist/AASIST.safetensors",
    samples: SAMPLES,
    sincKernel: 128,
    sincFilters: 70,
    blocks: blocksOf([
      [1, 32],
      [32, 32],
      [32, 64],
      [64, 64],
    ]),
    gatDims: [64, 32],
    poolRatios: [0.5, 0.7, 0.5, 0.5],
    temperatures: [2.0, 2.0, 100.0, 100.0],
  },
  "AASIST-L": {
    variant: "AASIST-L",
    checkpointFile: "aasist/AASIST-L.pth",
    encoderFile: "aasist/AASIST-L.encoder.onnx",
    tensorsFile: "aasist/AASIST-L.safetensors",
    samples: SAMPLES,
    sincKernel: 128,
    sincFilters: 70,
    blocks: blocksOf([
      [1, 32],
      [32, 32],
      [32, 24],
      [24, 24],
    ]),
    gatDims: [24, 32],
    poolRatios: [0.4, 0.5, 0.7, 0.5],
    temperatures: [2.0, 2.0, 100.0, 100.0],
  },
};
