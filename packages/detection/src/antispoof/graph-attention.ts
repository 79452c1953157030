import { type TensorMap, weight } from "../models/tensor-file.js";
import {
  addInPlace,
  type BatchNormWeights,
  batchNormInPlace,
  foldBatchNorm,
  type LinearWeights,
  linear,
  mixNodes,
  seluInPlace,
  softmaxRowsInPlace,
} from "./dense.js";

/**
 * AASIST's graph modules in inference mode (dropout off): the graph attention layer, the
 * heterogeneous stacking layer with its master node (HS-GAL), and top-k graph pooling. Node
 * features are [nodes × dim] row-major.
 */

export function linearFrom(weights: TensorMap, prefix: string, inDim: number, outDim: number): LinearWeights {
  return {
    inDim,
    outDim,
    w: weight(weights, `${prefix}.weight`, [outDim, inDim]),
    b: weight(weights, `${prefix}.bias`, [outDim]),
  };
}

function batchNormFrom(weights: TensorMap, prefix: string, dim: number): BatchNormWeights {
  return foldBatchNorm(
    weight(weights, `${prefix}.weight`, [dim]),
    weight(weights, `${prefix}.bias`, [dim]),
    weight(weights, `${prefix}.running_mean`, [dim]),
    weight(weights, `${prefix}.running_var`, [dim]),
  );
}

/**
 * Attention logits between every pair of nodes: tanh(W·(x_i ⊙ x_j) + b) · w_ij / T, then softmax
 * over j. `vectorFor(i, j)` chooses the attention vector (HS-GAL uses one per node-type pair).
 * x_i ⊙ x_j and the choice of vector are symmetric in i and j, so each unordered pair is computed
 * once, with the same float32 roundings as the full [n·n × d] product the reference builds.
 */
function pairwiseAttention(
  x: Float32Array,
  n: number,
  proj: LinearWeights,
  vectorFor: (i: number, j: number) => Float32Array,
  temperature: number,
): Float32Array {
  const { inDim: d, outDim, w, b } = proj;
  const pair = new Float32Array(d);
  const projected = new Float32Array(outDim);
  const logits = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      for (let k = 0; k < d; k++) pair[k] = (x[i * d + k] as number) * (x[j * d + k] as number);
      const vector = vectorFor(i, j);
      let sum = 0;
      for (let o = 0; o < outDim; o++) {
        const row = o * d;
        let acc = b[o] as number;
        for (let k = 0; k < d; k++) acc += (w[row + k] as number) * (pair[k] as number);
        projected[o] = acc;
        sum += Math.tanh(projected[o] as number) * (vector[o] as number);
      }
      logits[i * n + j] = sum / temperature;
      logits[j * n + i] = logits[i * n + j] as number;
    }
  }
  softmaxRowsInPlace(logits, n, n);
  return logits;
}

export class GraphAttentionLayer {
  private readonly attProj: LinearWeights;
  private readonly attWeight: Float32Array;
  private readonly withAtt: LinearWeights;
  private readonly withoutAtt: LinearWeights;
  private readonly bn: BatchNormWeights;

  constructor(
    weights: TensorMap,
    prefix: string,
    inDim: number,
    readonly outDim: number,
    private readonly temperature: number,
  ) {
    this.attProj = linearFrom(weights, `${prefix}.att_proj`, inDim, outDim);
    this.attWeight = weight(weights, `${prefix}.att_weight`, [outDim, 1]);
    this.withAtt = linearFrom(weights, `${prefix}.proj_with_att`, inDim, outDim);
    this.withoutAtt = linearFrom(weights, `${prefix}.proj_without_att`, inDim, outDim);
    this.bn = batchNormFrom(weights, `${prefix}.bn`, outDim);
  }

  forward(x: Float32Array, n: number): Float32Array {
    const attention = pairwiseAttention(x, n, this.attProj, () => this.attWeight, this.temperature);
    const out = addInPlace(
      linear(mixNodes(attention, x, n, this.attProj.inDim), n, this.withAtt),
      linear(x, n, this.withoutAtt),
    );
    batchNormInPlace(out, this.outDim, this.bn);
    seluInPlace(out);
    return out;
  }
}

export interface HeteroGraphOutput {
  first: Float32Array;
  second: Float32Array;
  master: Float32Array;
}

export class HeteroGraphAttentionLayer {
  private readonly projType1: LinearWeights;
  private readonly projType2: LinearWeights;
  private readonly attProj: LinearWeights;
  private readonly attProjMaster: LinearWeights;
  private readonly w11: Float32Array;
  private readonly w22: Float32Array;
  private readonly w12: Float32Array;
  private readonly wMaster: Float32Array;
  private readonly withAtt: LinearWeights;
  private readonly withoutAtt: LinearWeights;
  private readonly withAttMaster: LinearWeights;
  private readonly withoutAttMaster: LinearWeights;
  private readonly bn: BatchNormWeights;

  constructor(
    weights: TensorMap,
    prefix: string,
    private readonly inDim: number,
    readonly outDim: number,
    private readonly temperature: number,
  ) {
    this.projType1 = linearFrom(weights, `${prefix}.proj_type1`, inDim, inDim);
    this.projType2 = linearFrom(weights, `${prefix}.proj_type2`, inDim, inDim);
    this.attProj = linearFrom(weights, `${prefix}.att_proj`, inDim, outDim);
    this.attProjMaster = linearFrom(weights, `${prefix}.att_projM`, inDim, outDim);
    this.w11 = weight(weights, `${prefix}.att_weight11`, [outDim, 1]);
    this.w22 = weight(weights, `${prefix}.att_weight22`, [outDim, 1]);
    this.w12 = weight(weights, `${prefix}.att_weight12`, [outDim, 1]);
    this.wMaster = weight(weights, `${prefix}.att_weightM`, [outDim, 1]);
    this.withAtt = linearFrom(weights, `${prefix}.proj_with_att`, inDim, outDim);
    this.withoutAtt = linearFrom(weights, `${prefix}.proj_without_att`, inDim, outDim);
    this.withAttMaster = linearFrom(weights, `${prefix}.proj_with_attM`, inDim, outDim);
    this.withoutAttMaster = linearFrom(weights, `${prefix}.proj_without_attM`, inDim, outDim);
    this.bn = batchNormFrom(weights, `${prefix}.bn`, outDim);
  }

  forward(x1: Float32Array, n1: number, x2: Float32Array, n2: number, master: Float32Array): HeteroGraphOutput {
    const d = this.inDim;
    const n = n1 + n2;
    const x = new Float32Array(n * d);
    x.set(linear(x1, n1, this.projType1), 0);
    x.set(linear(x2, n2, this.projType2), n1 * d);

    const vectorFor = (i: number, j: number) => {
      if (i < n1 && j < n1) return this.w11;
      if (i >= n1 && j >= n1) return this.w22;
      return this.w12;
    };
    const attention = pairwiseAttention(x, n, this.attProj, vectorFor, this.temperature);
    const newMaster = this.updateMaster(x, n, master);

    const out = addInPlace(linear(mixNodes(attention, x, n, d), n, this.withAtt), linear(x, n, this.withoutAtt));
    batchNormInPlace(out, this.outDim, this.bn);
    seluInPlace(out);
    return { first: out.slice(0, n1 * this.outDim), second: out.slice(n1 * this.outDim), master: newMaster };
  }

  private updateMaster(x: Float32Array, n: number, master: Float32Array): Float32Array {
    const d = this.inDim;
    const product = new Float32Array(n * d);
    for (let i = 0; i < n; i++)
      for (let k = 0; k < d; k++) product[i * d + k] = (x[i * d + k] as number) * (master[k] as number);
    const projected = linear(product, n, this.attProjMaster);
    const logits = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let k = 0; k < this.outDim; k++)
        sum += Math.tanh(projected[i * this.outDim + k] as number) * (this.wMaster[k] as number);
      logits[i] = sum / this.temperature;
    }
    softmaxRowsInPlace(logits, 1, n);
    const pooled = new Float32Array(d);
    for (let i = 0; i < n; i++)
      for (let k = 0; k < d; k++) pooled[k] = (pooled[k] as number) + (logits[i] as number) * (x[i * d + k] as number);
    return addInPlace(linear(pooled, 1, this.withAttMaster), linear(master, 1, this.withoutAttMaster));
  }
}

/** Keeps the top ⌊n·k⌋ nodes by sigmoid score, each scaled by its score, highest score first. */
export class GraphPool {
  private readonly proj: LinearWeights;

  constructor(
    weights: TensorMap,
    prefix: string,
    private readonly dim: number,
    private readonly ratio: number,
  ) {
    this.proj = linearFrom(weights, `${prefix}.proj`, dim, 1);
  }

  forward(h: Float32Array, n: number): { nodes: Float32Array; count: number } {
    const scores = linear(h, n, this.proj).map((v) => 1 / (1 + Math.exp(-v)));
    const keep = Math.max(Math.trunc(n * this.ratio), 1);
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => (scores[b] as number) - (scores[a] as number) || a - b,
    );
    const nodes = new Float32Array(keep * this.dim);
    for (let r = 0; r < keep; r++) {
      const source = order[r] as number;
      const s = scores[source] as number;
      for (let k = 0; k < this.dim; k++) nodes[r * this.dim + k] = (h[source * this.dim + k] as number) * s;
    }
    return { nodes, count: keep };
  }
}
