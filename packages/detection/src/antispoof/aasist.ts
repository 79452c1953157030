import { readFile } from "node:fs/promises";
import { Model } from "../models/model.js";
import { modelFiles } from "../models/model-files.js";
import { loadTensorFile, weight } from "../models/tensor-file.js";
import { createOnnxSessionFromBytes, float32Tensor, type OnnxSession } from "../runtimes/onnx.js";
import {
  AASIST_CONFIGS,
  type AasistConfig,
  type AasistVariant,
  ENCODER_INPUT,
  ENCODER_OUTPUT,
} from "./aasist-config.js";
import { type LinearWeights, linear } from "./dense.js";
import { GraphAttentionLayer, GraphPool, HeteroGraphAttentionLayer, linearFrom } from "./graph-attention.js";

/**
 * AASIST (Jung et al., ICASSP 2022, arXiv 2110.01200) with the published MIT checkpoints:
 * raw 16 kHz waveform of exactly `samples` samples in, logits (spoof, bona fide) out.
 * Inference follows clovaai/aasist models/AASIST.py in eval mode. `npm run setup` splits the
 * checkpoint into the convolutional encoder's ONNX graph (derive/aasist-encoder.ts) and the graph
 * half's weights, which run here in TypeScript.
 */

export interface AasistLogits {
  spoof: number;
  bonafide: number;
}

interface Branch {
  first: HeteroGraphAttentionLayer;
  second: HeteroGraphAttentionLayer;
  poolS: GraphPool;
  poolT: GraphPool;
  master: Float32Array;
}

interface LoadedAasist {
  encoder: OnnxSession;
  posS: Float32Array;
  gatS: GraphAttentionLayer;
  gatT: GraphAttentionLayer;
  poolS: GraphPool;
  poolT: GraphPool;
  branches: [Branch, Branch];
  out: LinearWeights;
}

const SPECTRAL_NODES = 23;

export class Aasist extends Model<Float32Array, AasistLogits, LoadedAasist> {
  readonly name: string;

  constructor(readonly config: AasistConfig) {
    super();
    this.name = config.variant;
  }

  protected async load(): Promise<LoadedAasist> {
    const c = this.config;
    const w = await loadTensorFile(c.tensorsFile);
    const encoderBytes = new Uint8Array(await readFile(await modelFiles().localPath(c.encoderFile)));
    const channels = (c.blocks[c.blocks.length - 1] as [number, number])[1];
    const [g0, g1] = c.gatDims;
    const [pS, pT, pH] = c.poolRatios;
    const [tS, tT, tH] = c.temperatures;
    const branch = (index: 1 | 2): Branch => ({
      first: new HeteroGraphAttentionLayer(w, `HtrgGAT_layer_ST${index}1`, g0, g1, tH),
      second: new HeteroGraphAttentionLayer(w, `HtrgGAT_layer_ST${index}2`, g1, g1, tH),
      poolS: new GraphPool(w, `pool_hS${index}`, g1, pH),
      poolT: new GraphPool(w, `pool_hT${index}`, g1, pH),
      master: weight(w, `master${index}`, [1, 1, g0]),
    });
    return {
      encoder: await createOnnxSessionFromBytes(encoderBytes),
      posS: weight(w, "pos_S", [1, SPECTRAL_NODES, channels]),
      gatS: new GraphAttentionLayer(w, "GAT_layer_S", channels, g0, tS),
      gatT: new GraphAttentionLayer(w, "GAT_layer_T", channels, g0, tT),
      poolS: new GraphPool(w, "pool_S", g0, pS),
      poolT: new GraphPool(w, "pool_T", g0, pT),
      branches: [branch(1), branch(2)],
      out: linearFrom(w, "out_layer", 5 * g1, 2),
    };
  }

  protected async run(m: LoadedAasist, window: Float32Array): Promise<AasistLogits> {
    if (window.length !== this.config.samples) {
      throw new Error(`${this.name} takes ${this.config.samples} samples, got ${window.length}`);
    }
    const result = await m.encoder.run({ [ENCODER_INPUT]: float32Tensor(window, [1, 1, 1, window.length]) });
    const encoded = result[ENCODER_OUTPUT];
    if (!encoded) throw new Error(`${this.name}: encoder produced no output`);
    const [, channels, height, width] = encoded.dims as [number, number, number, number];
    const e = encoded.data as Float32Array;

    // Spectral nodes: max |e| over time (+ positional embedding); temporal nodes: max |e| over frequency.
    const eS = new Float32Array(height * channels);
    const eT = new Float32Array(width * channels);
    for (let c = 0; c < channels; c++) {
      for (let h = 0; h < height; h++) {
        const row = (c * height + h) * width;
        let maxS = 0;
        for (let t = 0; t < width; t++) {
          const v = Math.abs(e[row + t] as number);
          if (v > maxS) maxS = v;
          if (v > (eT[t * channels + c] as number)) eT[t * channels + c] = v;
        }
        eS[h * channels + c] = maxS + (m.posS[h * channels + c] as number);
      }
    }
    const outS = m.poolS.forward(m.gatS.forward(eS, height), height);
    const outT = m.poolT.forward(m.gatT.forward(eT, width), width);

    const branchOutputs = m.branches.map((b) => {
      const first = b.first.forward(outT.nodes, outT.count, outS.nodes, outS.count, b.master);
      const s = b.poolS.forward(first.second, outS.count);
      const t = b.poolT.forward(first.first, outT.count);
      const aug = b.second.forward(t.nodes, t.count, s.nodes, s.count, first.master);
      for (let i = 0; i < t.nodes.length; i++) t.nodes[i] = (t.nodes[i] as number) + (aug.first[i] as number);
      for (let i = 0; i < s.nodes.length; i++) s.nodes[i] = (s.nodes[i] as number) + (aug.second[i] as number);
      const master = first.master.map((v, i) => v + (aug.master[i] as number));
      return { t, s, master };
    });
    const [one, two] = branchOutputs as [(typeof branchOutputs)[0], (typeof branchOutputs)[0]];
    const dim = this.config.gatDims[1];
    const hidden = new Float32Array(5 * dim);
    readout(elementwiseMax(one.t.nodes, two.t.nodes), one.t.count, dim, hidden, 0);
    readout(elementwiseMax(one.s.nodes, two.s.nodes), one.s.count, dim, hidden, 2 * dim);
    hidden.set(elementwiseMax(one.master, two.master), 4 * dim);
    const logits = linear(hidden, 1, m.out);
    return { spoof: logits[0] as number, bonafide: logits[1] as number };
  }
}

function elementwiseMax(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((v, i) => Math.max(v, b[i] as number));
}

/** Writes max |x| over nodes, then the mean over nodes, at `offset`. */
function readout(x: Float32Array, n: number, dim: number, target: Float32Array, offset: number): void {
  for (let k = 0; k < dim; k++) {
    let max = 0;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = x[i * dim + k] as number;
      max = Math.max(max, Math.abs(v));
      sum += v;
    }
    target[offset + k] = max;
    target[offset + dim + k] = sum / n;
  }
}

export function createAasist(variant: AasistVariant): Aasist {
  return new Aasist(AASIST_CONFIGS[variant]);
}
