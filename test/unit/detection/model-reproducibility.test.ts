import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as ort from "onnxruntime-node";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { mulberry32 } from "../../../local/src/platform-simulator/seeded-random.js";
import { AASIST_CONFIGS, type AasistVariant } from "../../../packages/detection/src/antispoof/aasist-config.js";
import { repeatToLength } from "../../../packages/detection/src/antispoof/windows.js";
import {
  NSFW_INPUT_SIZE,
  NSFW_ONNX_INPUT,
  NSFW_ONNX_OUTPUT,
  NsfwOnnxClassifier,
} from "../../../packages/detection/src/explicit/nsfw-model.js";
import { ALIGNED_SIZE } from "../../../packages/detection/src/face/face-align.js";
import { SFACE_FILE, YUNET_FILE } from "../../../packages/detection/src/face/face-pipeline.js";
import { SfaceEmbedder } from "../../../packages/detection/src/face/sface.js";
import { yunetInput } from "../../../packages/detection/src/face/yunet.js";
import { blendResidualFeatures } from "../../../packages/detection/src/faceswap/blend-residuals.js";
import mesonetCalibration from "../../../packages/detection/src/faceswap/mesonet-calibration.json" with {
  type: "json",
};
import { MESONET_SIZE, type MesoNetVariant } from "../../../packages/detection/src/faceswap/mesonet-input.js";
import { SBI_NET_SIZE } from "../../../packages/detection/src/faceswap/sbi-net-input.js";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { modelDir } from "../../../packages/detection/src/models/model-files.js";
import {
  clipImageEncoder,
  fullClipImageEncoder,
  getModel,
  mesoNet,
  sbiFaceSwapModel,
  sbiNet,
  speakerModel,
  vadModel,
  whisperEncoder,
} from "../../../packages/detection/src/models/registry.js";
import { onnxNodeRuntime } from "../../../packages/detection/src/runtimes/onnx.js";
import type { OnnxRuntime, OnnxSessionLike } from "../../../packages/detection/src/runtimes/onnx-port.js";
import { transcribeSpeech } from "../../../packages/detection/src/speech/transcribe.js";
import { deepestClipBlockRead } from "../../../packages/detection/src/synthetic-image/clip-depth.js";
import { CLIP_EMBEDDING_SIZE } from "../../../packages/detection/src/synthetic-image/clip-encoder.js";
import { CLIP_SIZE } from "../../../packages/detection/src/synthetic-image/clip-input.js";
import { defaultHead } from "../../../packages/detection/src/voice-synthetic/countermeasure.js";
import { dataDir } from "./data-dir.js";

/**
 * Golden outputs (issue 26): every model the product runs gives, for one fixed input, the outputs
 * committed in model-golden.json, on whatever CPU runs this file. A verdict fitted on one machine
 * must hold on every machine (AVX2-only, AVX-512 VNNI, Lambda's Graviton): the old dynamic-INT8
 * CLIP gave different features per CPU and this is the test that would have caught it.
 *
 * Each model runs at the lowest level that isolates it (its predict(), or its onnxruntime session
 * where predict() would also decode or resize), on a fixed input: seeded picture-like images for
 * the image models (a real face PNG for YuNet, so its score maps hold a detection), and the first
 * seconds of one LibriSpeech FLAC from ../shared/data, decoded by the in-process FLAC decoder
 * (exact integer arithmetic, never ffmpeg), for the audio models. Each model's test also checks
 * that the graphs it opened hold no integer or quantized op (op types are plain strings in the
 * ONNX bytes): those kernels are what made outputs depend on the CPU. The code around the graphs
 * (mel and FFT, GE2E's linear layer, AASIST's graph attention) is JavaScript doubles, the same
 * arithmetic on every CPU.
 *
 * TOLERANCE, per output: relative L2 error ‖out − golden‖ / ‖golden‖ ≤ 1e-4, plus the L2 norm
 * (relative 1e-4) and the first 8 values (|Δ| ≤ 1e-3 × the output's RMS) as readable checks.
 * - Float32 kernels differ across CPUs (AVX2, AVX-512, NEON: FMA or not, blocked layouts of 8 or
 *   16 channels) only in summation order: about 1e-7 per rounding, around 1e-6 relative at the
 *   output of these networks. Measured against goldens written on an AVX-512 VNNI machine: this
 *   file under emulation of an AVX2-only CPU (qemu-x86_64 -cpu EPYC-Rome, vitest --pool=threads)
 *   at most 7.4e-7 (CLIP), and every graph with onnxruntime's optimisations off (other kernels,
 *   fusions and layouts) at most 1.3e-6. 1e-4 leaves ~100×.
 * - A quantized or otherwise changed model moves far more: the published dynamic-INT8 CLIP gives
 *   0.22 against this float graph on the AVX-512 VNNI machine and 0.92 (cosine 0.48) on the
 *   emulated AVX2 one, 2,200× and 9,200× the tolerance; even its u8×u8 variant, cosine 0.999
 *   across CPUs, is ~0.045 (450×). New weights, another graph build or changed pre-processing
 *   land there too.
 * - The norm in the denominator is floored at an RMS of 0.01 (RMS_FLOOR): an output whose values
 *   are all tiny is then held to an absolute 1e-6 RMS. Only YuNet's objectness maps away from the
 *   face's scale are that small (RMS 1e-4 and 7e-6): onnxruntime's sigmoid returns 0.5 + P(x)/Q(x),
 *   so a probability near 0 is only known to ±3e-8, a large relative error at 1e-6 that one
 *   rounding more or less (FMA or not) would turn into a failure on some CPU. A model change
 *   still shows in its score maps, boxes and landmarks.
 * Small outputs (≤ 512 values) are stored whole and compared so. Larger ones are stored as a
 * sketch: 64 projections on fixed seeded ±1 vectors. The projection is linear, so the sketch of
 * the difference is the difference of the sketches, and ‖sketch(Δ)‖ / ‖sketch(golden)‖ estimates
 * the relative L2 error within about ±30% (Johnson–Lindenstrauss, 64 projections): no float noise
 * of ~1e-6 becomes a failure, no change of 1e-3 passes.
 * Outputs are compared as the model gives them (nsfwjs's as log-probabilities), on inputs chosen
 * so that none sits in a saturated tail where a change could not show.
 *
 * REGENERATING, only after a deliberate model change (new weights or model file, a changed graph
 * builder or input convention, an onnxruntime upgrade whose change you have understood):
 *   LG_UPDATE_GOLDEN=1 npx vitest run --project unit test/unit/detection/model-reproducibility.test.ts
 * rewrites the entries of the models that ran (with -t, only those; the others are kept) and
 * formats the file with biome. Then run the file again without the variable, preferably on another
 * kind of CPU too (AVX2-only and AVX-512, or x86 and arm64), and commit the JSON with the change
 * that explains it. Never regenerate to make a failure on some CPU go away: a model whose output
 * depends on the CPU is the bug this test exists to catch (refit the heads on CPU-independent
 * features instead).
 */

const UPDATE = process.env.LG_UPDATE_GOLDEN === "1";
const GOLDEN_FILE = path.join(import.meta.dirname, "model-golden.json");
const RELATIVE_L2_TOLERANCE = 1e-4;
const FIRST_VALUES_TOLERANCE = 1e-3;
const RMS_FLOOR = 0.01;
const FIRST_VALUES = 8;
const FULL_LIMIT = 512;
const SKETCH_SIZE = 64;

/** Op types whose kernels are integer or quantized, or that onnxruntime fuses into such kernels (QDQ). */
const INTEGER_OPS = [
  "MatMulInteger",
  "ConvInteger",
  "QLinear",
  "QuantizeLinear", // also DynamicQuantizeLinear and DequantizeLinear
  "DynamicQuantize", // DynamicQuantizeMatMul, DynamicQuantizeLSTM
  "MatMulIntegerToFloat",
  "MatMulNBits",
  "QGemm",
  "QAttention",
];

interface GoldenOutput {
  /** Number of values. */
  n: number;
  norm: number;
  first: number[];
  /** The whole output, when it has at most FULL_LIMIT values. */
  values?: number[];
  /** Otherwise its SKETCH_SIZE projections on seeded ±1 vectors (sketch()). */
  sketch?: number[];
}

type GoldenFile = Record<string, GoldenOutput>;

const golden: GoldenFile = existsSync(GOLDEN_FILE) ? JSON.parse(readFileSync(GOLDEN_FILE, "utf8")) : {};
const measured = new Map<string, { summary: GoldenOutput; relativeError?: number }>();

afterAll(() => {
  if (UPDATE) {
    const merged: GoldenFile = { ...golden };
    for (const [key, { summary }] of measured) merged[key] = summary;
    const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(GOLDEN_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
    const biome = path.resolve(import.meta.dirname, "../../../node_modules/.bin/biome");
    if (existsSync(biome)) spawnSync(biome, ["format", "--write", GOLDEN_FILE], { stdio: "ignore" });
  }
  if (UPDATE || process.env.LG_GOLDEN_REPORT === "1")
    for (const [key, { summary, relativeError }] of measured)
      console.info(`${key}: n=${summary.n} norm=${summary.norm} relative L2 error ${relativeError ?? "(written)"}`);
});

const round = (v: number) => Number(v.toPrecision(9));

/** Projections of `values` on SKETCH_SIZE fixed ±1 vectors (seeded by the output's length), in float64. */
function sketch(values: Float32Array): number[] {
  const out = new Float64Array(SKETCH_SIZE);
  const bits = mulberry32(0x5eed + values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    for (let j = 0; j < SKETCH_SIZE; j += 32) {
      const word = (bits() * 4294967296) >>> 0;
      for (let b = 0; b < 32; b++) out[j + b] = (out[j + b] as number) + ((word >>> b) & 1 ? v : -v);
    }
  }
  const scale = 1 / Math.sqrt(values.length);
  return Array.from(out, (v) => round(v * scale));
}

function l2(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] as number) ** 2;
  return Math.sqrt(sum);
}

function distance(actual: ArrayLike<number>, expected: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < expected.length; i++) sum += ((actual[i] as number) - (expected[i] as number)) ** 2;
  return Math.sqrt(sum);
}

function summarise(values: Float32Array): GoldenOutput {
  const summary: GoldenOutput = {
    n: values.length,
    norm: round(l2(values)),
    first: Array.from(values.subarray(0, FIRST_VALUES), round),
  };
  if (values.length <= FULL_LIMIT) summary.values = Array.from(values, round);
  else summary.sketch = sketch(values);
  return summary;
}

/** The golden output's RMS value, floored at RMS_FLOOR (see TOLERANCE above). */
const scaleOf = (expected: GoldenOutput) => Math.max(expected.norm / Math.sqrt(expected.n), RMS_FLOOR);

/**
 * Relative L2 error ‖out − golden‖ / ‖golden‖, the norm floored at RMS_FLOOR · √n: on the whole
 * output when it is stored whole, else estimated from the sketches (64 projections whose mean
 * square is the output's mean square).
 */
function relativeError(output: Float32Array, summary: GoldenOutput, expected: GoldenOutput): number {
  const [actual, reference] = expected.values
    ? [output, expected.values]
    : [summary.sketch as number[], expected.sketch as number[]];
  return distance(actual, reference) / Math.sqrt(reference.length) / scaleOf(expected);
}

/** Compares one output with its golden entry (or records it, with LG_UPDATE_GOLDEN=1). */
function expectGolden(key: string, output: Float32Array): void {
  const summary = summarise(output);
  expect(output.every(Number.isFinite), `${key}: non-finite output`).toBe(true);
  if (UPDATE) {
    measured.set(key, { summary });
    return;
  }
  const expected = golden[key];
  if (!expected) throw new Error(`${key}: no golden output in model-golden.json; see this file's header to create it`);
  expect(summary.n, `${key}: output length`).toBe(expected.n);
  const error = relativeError(output, summary, expected);
  measured.set(key, { summary, relativeError: error });
  expect(error, `${key}: relative L2 error against the golden output`).toBeLessThanOrEqual(RELATIVE_L2_TOLERANCE);
  const scale = scaleOf(expected);
  expect(Math.abs(summary.norm - expected.norm) / Math.sqrt(expected.n), `${key}: L2 norm`).toBeLessThanOrEqual(
    RELATIVE_L2_TOLERANCE * scale,
  );
  const firstDiff = Math.max(...expected.first.map((v, i) => Math.abs((output[i] as number) - v)));
  expect(firstDiff, `${key}: first ${FIRST_VALUES} values`).toBeLessThanOrEqual(FIRST_VALUES_TOLERANCE * scale);
}

/** Runs `load` and returns the integer or quantized op names found in every ONNX graph it opened. */
async function integerOpsLoadedBy(load: () => Promise<unknown>): Promise<{ graphs: number; found: string[] }> {
  const create = ort.InferenceSession.create.bind(ort.InferenceSession);
  let graphs = 0;
  const found = new Set<string>();
  const spy = vi.spyOn(ort.InferenceSession, "create").mockImplementation(((...args: unknown[]) => {
    const [model] = args;
    const bytes =
      typeof model === "string"
        ? readFileSync(model)
        : Buffer.from((model as Uint8Array).buffer, (model as Uint8Array).byteOffset, (model as Uint8Array).byteLength);
    graphs++;
    for (const op of INTEGER_OPS) if (bytes.includes(op, 0, "latin1")) found.add(op);
    return (create as (...a: unknown[]) => unknown)(...args);
  }) as typeof ort.InferenceSession.create);
  try {
    await load();
  } finally {
    spy.mockRestore();
  }
  return { graphs, found: [...found] };
}

/** Runs a model's `load`, which must open one ONNX graph, free of integer and quantized ops. */
async function expectFloatGraphs(load: () => Promise<unknown>): Promise<void> {
  const loaded = await integerOpsLoadedBy(load);
  expect(loaded.graphs, "ONNX graphs opened").toBe(1);
  expect(loaded.found, "integer or quantized ops in the graph").toEqual([]);
}

/**
 * A seeded picture-like RGB image (interleaved bytes): smooth colour waves, a few soft discs and
 * a little noise, so the image models see edges and gradients in their usual range, not white noise.
 */
function picture(width: number, height: number, seed: number): { data: Uint8Array; width: number; height: number } {
  const random = mulberry32(seed);
  const waves = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ({
      fx: (random() - 0.5) * 0.15,
      fy: (random() - 0.5) * 0.15,
      phase: random() * 2 * Math.PI,
      amplitude: 20 + 30 * random(),
    })),
  );
  const discs = Array.from({ length: 4 }, () => ({
    x: random() * width,
    y: random() * height,
    r: (0.1 + 0.25 * random()) * Math.min(width, height),
    colour: [random(), random(), random()].map((c) => 120 * (c - 0.5)),
  }));
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        let v = 128;
        for (const w of waves[c] ?? []) v += w.amplitude * Math.sin(w.fx * x + w.fy * y + w.phase);
        for (const d of discs) {
          const edge = (Math.hypot(x - d.x, y - d.y) - d.r) / 3;
          v += (d.colour[c] as number) / (1 + Math.exp(Math.min(50, edge)));
        }
        v += (random() - 0.5) * 24;
        data[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
  return { data, width, height };
}

/** Planar float copy of an interleaved RGB picture: channel `order` (0 R, 1 G, 2 B), each value f(byte). */
function planar(
  image: { data: Uint8Array; width: number; height: number },
  order: number[],
  f: (v: number, c: number) => number,
) {
  const plane = image.width * image.height;
  const out = new Float32Array(3 * plane);
  order.forEach((source, c) => {
    for (let i = 0; i < plane; i++) out[c * plane + i] = f(image.data[i * 3 + source] as number, source);
  });
  return out;
}

const modelBytes = async (file: string) => new Uint8Array(await readFile(path.join(modelDir(), file)));

/** The first `samples` of a LibriSpeech clip (4.4 s), 16 kHz mono (FLAC: lossless, the same integers on every CPU). */
let speechCache: Float32Array | undefined;
async function speech(samples: number): Promise<Float32Array> {
  if (!speechCache) {
    const bytes = new Uint8Array(await readFile(path.join(dataDir, "voices/librispeech/367/367-130732-0001.flac")));
    speechCache = (await decodeAudio(bytes)).samples;
  }
  return repeatToLength(speechCache, samples);
}

/** CLIP's own normalisation (clipInput) of a seeded picture already 224×224. */
function clipGoldenInput(): Float32Array {
  const mean = [0.48145466, 0.4578275, 0.40821073];
  const std = [0.26862954, 0.26130258, 0.27577711];
  return planar(
    picture(CLIP_SIZE, CLIP_SIZE, 1),
    [0, 1, 2],
    (v, c) => (v / 255 - (mean[c] as number)) / (std[c] as number),
  );
}

describe("every model gives its golden output on this CPU (float kernels only)", () => {
  it("CLIP ViT-B/16 image encoder: the whole 512-d embedding", async () => {
    const clip = fullClipImageEncoder();
    await expectFloatGraphs(() => clip.ready());
    const input = clipGoldenInput();
    const embedding = await clip.predict(input);
    expect(embedding.length).toBe(CLIP_EMBEDDING_SIZE);
    expectGolden("clip/image_embeds", embedding);
  });

  it("CLIP ViT-B/16: the class token after each of the 12 blocks and before projection (what the ai-image probe reads)", async () => {
    const input = clipGoldenInput();
    const features = await fullClipImageEncoder().features(input);
    expect(features.blockCls).toHaveLength(12);
    // The same pass as predict(): the embedding an extra output could have disturbed is unchanged.
    expectGolden("clip/image_embeds", features.embeds as Float32Array);
    features.blockCls.forEach((cls, block) => {
      expectGolden(`clip/block_${block}_cls`, cls);
    });
    expectGolden("clip/pre_projection_cls", features.preProjection as Float32Array);
  });

  it("CLIP ViT-B/16 as the analysis runs it: stopped after the deepest block a head reads, the same class tokens", async () => {
    const clip = clipImageEncoder();
    await expectFloatGraphs(() => clip.ready());
    const features = await clip.features(clipGoldenInput());
    expect(features.blockCls).toHaveLength(deepestClipBlockRead() + 1);
    features.blockCls.forEach((cls, block) => {
      expectGolden(`clip/block_${block}_cls`, cls);
    });
  });

  it("YuNet face detector: all 12 head outputs of its session on a face photo (before thresholds and NMS)", async () => {
    let session: OnnxSessionLike | undefined;
    // What YunetDetector.create does with the file the face pipeline loads.
    await expectFloatGraphs(async () => {
      session = await onnxNodeRuntime.sessionFromBytes(await modelBytes(YUNET_FILE));
    });
    // A real face, so the score maps hold detections and not only background probabilities at the
    // float32 resolution of the kernel's sigmoid. A PNG: its decoding is exact integer arithmetic.
    const { data, info } = await sharp(path.join(dataDir, "faces/face_recognition/examples/lin-manuel-miranda.png"))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const input = yunetInput({ data: new Uint8Array(data), width: info.width, height: info.height });
    const outputs = await (session as OnnxSessionLike).run({
      input: onnxNodeRuntime.float32Tensor(input.data, [1, 3, input.height, input.width]),
    });
    for (const head of ["cls", "obj", "bbox", "kps"])
      for (const stride of [8, 16, 32]) {
        const out = outputs[`${head}_${stride}`];
        if (!out) throw new Error(`YuNet gave no ${head}_${stride}`);
        expectGolden(`yunet/${head}_${stride}`, out.data as Float32Array);
      }
  });

  it("SFace face embedder: the 128-d embedding of an aligned crop", async () => {
    let embedder: SfaceEmbedder | undefined;
    await expectFloatGraphs(async () => {
      embedder = await SfaceEmbedder.create(onnxNodeRuntime, await modelBytes(SFACE_FILE));
    });
    const crop = planar(picture(ALIGNED_SIZE, ALIGNED_SIZE, 3), [0, 1, 2], (v) => v); // RGB 0-255, as alignedFace
    expectGolden("sface/embedding", await (embedder as SfaceEmbedder).embed(crop));
  });

  it("Silero VAD v5: speech probability of every frame of 3 s of speech", async () => {
    const vad = vadModel();
    await expectFloatGraphs(() => vad.ready());
    const probabilities = await vad.predict(await speech(3 * 16_000));
    // Speech and pauses both: the probabilities cross the thresholds instead of sitting at 0 or 1.
    expect(Math.max(...probabilities)).toBeGreaterThan(0.5);
    expect(Math.min(...probabilities)).toBeLessThan(0.5);
    expectGolden("silero-vad/probabilities", probabilities);
  });

  it("GE2E (Resemblyzer) speaker encoder: the 256-d utterance embedding and each partial's", async () => {
    const ge2e = speakerModel();
    await expectFloatGraphs(() => ge2e.ready());
    const { embedding, partials } = await ge2e.predict(await speech(3 * 16_000));
    expectGolden("ge2e/embedding", embedding);
    const all = new Float32Array(partials.length * embedding.length);
    partials.forEach((p, i) => {
      all.set(p, i * embedding.length);
    });
    expectGolden("ge2e/partials", all);
  });

  it("Whisper base recogniser (the live check's phrase): every token greedy decoding chooses for 4.4 s of speech", async () => {
    const pcm16k = await speech(Math.round(4.4 * 16_000));
    // Encoder, cross-attention and decoder-step graphs, all float.
    let transcript: Awaited<ReturnType<typeof transcribeSpeech>> | undefined;
    const loaded = await integerOpsLoadedBy(async () => {
      transcript = await transcribeSpeech(pcm16k);
    });
    expect(loaded.graphs, "ONNX graphs opened").toBe(3);
    expect(loaded.found, "integer or quantized ops in the graphs").toEqual([]);
    const tokens = Float32Array.from(transcript?.tokens ?? []);
    expectGolden("whisper-base/transcript-tokens", tokens);
    // A different token anywhere is a different transcript: each must be exactly the golden one.
    if (!UPDATE) expect([...tokens]).toEqual(golden["whisper-base/transcript-tokens"]?.values);
  });

  it("Whisper base encoder (voice countermeasure): mean and deviation of each hidden state the head reads", async () => {
    const depth = Math.max(...defaultHead.hiddenStates);
    const encoder = whisperEncoder();
    await expectFloatGraphs(() => encoder.ready());
    const pcm16k = await speech(3 * 16_000);
    const { windows } = await encoder.predict({
      pcm16k,
      speech: [[0, pcm16k.length]],
      maxWindows: 1,
      hiddenStates: depth,
    });
    const [window] = windows;
    if (!window) throw new Error("The Whisper encoder scored no window");
    const width = window.features.length / (depth + 1);
    for (let h = 0; h <= depth; h++)
      expectGolden(`whisper-base/hidden_${h}`, window.features.subarray(h * width, (h + 1) * width));
  });

  for (const variant of ["AASIST", "AASIST-L"] as AasistVariant[])
    it(`${variant} anti-spoofing: logits of one 4 s window of speech`, async () => {
      const model = getModel(variant);
      await expectFloatGraphs(() => model.ready());
      const logits = await model.predict(await speech(AASIST_CONFIGS[variant].samples));
      expectGolden(`${variant.toLowerCase()}/logits`, Float32Array.of(logits.spoof, logits.bonafide));
    });

  const mesonetVariants: MesoNetVariant[] = ["meso4", "mesoinception4"];
  it(`MesoNet (the calibrated ${mesonetCalibration.variant} and its sibling): p(real) of two crops`, async () => {
    expect(mesonetVariants).toContain(mesonetCalibration.variant);
    // Seeds whose pictures both variants score between 0.28 and 0.77: not in a saturated tail.
    const crops = new Float32Array(2 * 3 * MESONET_SIZE * MESONET_SIZE);
    crops.set(planar(picture(MESONET_SIZE, MESONET_SIZE, 1), [0, 1, 2], (v) => v / 255));
    crops.set(
      planar(picture(MESONET_SIZE, MESONET_SIZE, 14), [0, 1, 2], (v) => v / 255),
      crops.length / 2,
    );
    for (const variant of mesonetVariants) {
      const model = mesoNet(variant);
      await expectFloatGraphs(() => model.ready());
      expectGolden(`mesonet-${variant}/p_real`, await model.predict(crops));
    }
  });

  it("Face-swap SBI head: the ring residual features of a face box, and the shipped head's raw score on CLIP's golden pass", async () => {
    // The ring features are plain double arithmetic on the crop's bytes; the head reads CLIP's block
    // tokens (pinned above), so its raw score on the golden input pins the head with the encoder.
    const pixels = picture(200, 200, 3);
    const box = { x: 50, y: 40, width: 100, height: 120 };
    expectGolden("face-swap-sbi/residual-features", Float32Array.from(blendResidualFeatures(pixels, box)));
    const clip = await clipImageEncoder().features(clipGoldenInput());
    const reading = await sbiFaceSwapModel().predict({ pixels, box, clip });
    expectGolden("face-swap-sbi/raw", Float32Array.from([reading.raw]));
  });

  it("Face-forgery network (EfficientNet-Lite0 trained here on self-blended faces): the logits of two crops", async () => {
    // Seeds whose crops read between the tails (logits of a few units), where a change would show.
    const model = sbiNet();
    await expectFloatGraphs(() => model.ready());
    const crops = [picture(SBI_NET_SIZE, SBI_NET_SIZE, 21).data, picture(SBI_NET_SIZE, SBI_NET_SIZE, 22).data];
    const readings = await model.predict(crops);
    expectGolden(
      "face-forgery-sbi-net/logit",
      Float32Array.from(readings, (r) => r.logit),
    );
  });

  it("nsfwjs MobileNetV2 (ONNX rebuild): the five class probabilities from its session", async () => {
    let session: OnnxSessionLike | undefined;
    const capturing: OnnxRuntime = {
      ...onnxNodeRuntime,
      sessionFromBytes: async (bytes) => {
        session = await onnxNodeRuntime.sessionFromBytes(bytes);
        return session;
      },
    };
    const model = new NsfwOnnxClassifier(undefined, capturing);
    await expectFloatGraphs(() => model.ready());
    // The session directly, as NsfwOnnxClassifier feeds it (planar RGB / 255), without sharp's resize.
    const input = planar(picture(NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, 6), [0, 1, 2], (v) => v / 255);
    const outputs = await (session as OnnxSessionLike).run({
      [NSFW_ONNX_INPUT]: onnxNodeRuntime.float32Tensor(input, [1, 3, NSFW_INPUT_SIZE, NSFW_INPUT_SIZE]),
    });
    const probabilities = outputs[NSFW_ONNX_OUTPUT]?.data as Float32Array;
    expect(probabilities.length).toBe(5);
    // As log-probabilities: an abstract picture is "Neutral" at 0.99, and the other four classes,
    // whose logits would move as much under a model change, only show on a log scale.
    expectGolden("nsfwjs/log-probabilities", probabilities.map(Math.log));
  });
});
