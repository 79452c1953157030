import type { RgbImage } from "../media/image.js";
import type { Box } from "../result.js";
import type { OnnxRuntime, OnnxSessionLike } from "../runtimes/onnx-port.js";

/**
 * YuNet (OpenCV's face detector, 2023mar): boxes, a score and 5 landmarks per face, in the pixel
 * coordinates of the image passed in. Pre- and post-processing follow OpenCV's FaceDetectorYN
 * (modules/objdetect/src/face_detect.cpp): BGR bytes as floats, zero padding to a multiple of 32,
 * three heads at strides 8, 16 and 32 whose anchors are the grid cells, score = sqrt(cls · obj),
 * then NMS. The folded model (scripts/model-manifest.json) takes any input size.
 */

export interface Point {
  x: number;
  y: number;
}

export interface FaceDetection {
  box: Box;
  score: number;
  /** Eye on the image's left, eye on its right, nose tip, mouth corners left and right (image sides). */
  landmarks: Point[];
}

const STRIDES = [8, 16, 32] as const;

/**
 * Lowest score kept. OpenCV's samples use 0.9 on portraits; faces 10-12 px between the eyes (crowd
 * shots, thumbnails) score lower, and what matters for a false face is matching, not finding.
 */
export const MIN_DETECTION_SCORE = 0.6;
const NMS_IOU = 0.3;
/** Longest side the detector sees: larger pictures are scaled down first (cost grows with pixels). */
export const DETECTOR_MAX_SIDE = 640;
/**
 * Small pictures (thumbnails, crops) are enlarged up to this factor towards DETECTOR_MAX_SIDE: the
 * landmarks of a face 12 px between the eyes come out more precise, so its alignment is better
 * (face.stress at 12 px, TAR at FAR 0.1%: 0.81 without enlarging, 0.86 at 2×, 0.85 at 4×).
 */
export const DETECTOR_MAX_UPSCALE = 2;

/**
 * Planar BGR float input, scaled towards DETECTOR_MAX_SIDE (see above) and zero-padded to multiples of 32.
 * Both scalings take each target pixel's source pixels and weights from per-column and per-row
 * tables made once, instead of working them out again for every sample.
 */
export function yunetInput(
  image: RgbImage,
  reuse?: Float32Array,
): { data: Float32Array; width: number; height: number; scale: number } {
  const scale = Math.min(DETECTOR_MAX_UPSCALE, DETECTOR_MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const paddedWidth = Math.ceil(width / 32) * 32;
  const paddedHeight = Math.ceil(height / 32) * 32;
  const plane = paddedWidth * paddedHeight;
  // A buffer from an earlier detection, when large enough: zeroed, as the padding must be.
  const data = reuse && reuse.length >= plane * 3 ? reuse.subarray(0, plane * 3).fill(0) : new Float32Array(plane * 3);
  const target = { data, width, height, stride: paddedWidth, plane };
  if (width > image.width) bilinearInto(image, target);
  else areaAverageInto(image, target);
  return { data, width: paddedWidth, height: paddedHeight, scale: width / image.width };
}

/** Where a scaling writes: `width` × `height` pixels, rows `stride` apart, in three planes of `plane`. */
interface PlanarTarget {
  data: Float32Array;
  width: number;
  height: number;
  stride: number;
  plane: number;
}

/** The source span [first, end) target pixel `i` of `target` covers along a side of `source` pixels. */
function areaSpans(source: number, target: number): Int32Array {
  const spans = new Int32Array(target + 1);
  for (let i = 0; i < target; i++) {
    const first = Math.floor((i * source) / target);
    spans[i] = first;
    spans[i + 1] = Math.max(first + 1, Math.floor(((i + 1) * source) / target));
  }
  return spans;
}

/**
 * Shrinks (or copies, at scale 1) by averaging the source pixels each target pixel covers, into
 * planar BGR: a target row's source rows are summed first, then each target pixel's columns of
 * that sum. The sums are of 8-bit integers, exact in any order, and each is divided by its pixel
 * count once, so every value is the exact mean rounded once to float32.
 */
function areaAverageInto(image: RgbImage, target: PlanarTarget) {
  const { data, width, height, stride, plane } = target;
  const source = image.data;
  const rowLength = image.width * 3;
  const columns = areaSpans(image.width, width);
  const rows = areaSpans(image.height, height);
  const rowSum = new Int32Array(rowLength);
  for (let y = 0; y < height; y++) {
    const y0 = rows[y] as number;
    const y1 = rows[y + 1] as number;
    rowSum.set(source.subarray(y0 * rowLength, (y0 + 1) * rowLength));
    for (let v = y0 + 1; v < y1; v++)
      for (let i = 0, p = v * rowLength; i < rowLength; i++, p++)
        rowSum[i] = (rowSum[i] as number) + (source[p] as number);
    let out = y * stride;
    for (let x = 0; x < width; x++, out++) {
      const first = columns[x] as number;
      const end = columns[x + 1] as number;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let p = first * 3; p < end * 3; p += 3) {
        red += rowSum[p] as number;
        green += rowSum[p + 1] as number;
        blue += rowSum[p + 2] as number;
      }
      const n = (y1 - y0) * (end - first);
      data[out] = blue / n;
      data[plane + out] = green / n;
      data[2 * plane + out] = red / n;
    }
  }
}

/** Enlarges with bilinear taps at pixel centres (OpenCV's INTER_LINEAR), into planar BGR. */
function bilinearInto(image: RgbImage, target: PlanarTarget) {
  const { data, width, height, stride, plane } = target;
  const source = image.data;
  const fx = image.width / width;
  const fy = image.height / height;
  // Each target column's two source columns (as sample offsets) and weight, the same for every row.
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  const weight = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * fx - 0.5));
    const x0 = Math.floor(sx);
    left[x] = x0 * 3;
    right[x] = Math.min(image.width - 1, x0 + 1) * 3;
    weight[x] = sx - x0;
  }
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * fy - 0.5));
    const y0 = Math.floor(sy);
    const top = y0 * image.width * 3;
    const bottom = Math.min(image.height - 1, y0 + 1) * image.width * 3;
    const wy = sy - y0;
    for (let x = 0, at = y * stride; x < width; x++, at++) {
      const wx = weight[x] as number;
      const l = left[x] as number;
      const r = right[x] as number;
      for (let c = 0; c < 3; c++) {
        const upper = (source[top + l + c] as number) * (1 - wx) + (source[top + r + c] as number) * wx;
        const lower = (source[bottom + l + c] as number) * (1 - wx) + (source[bottom + r + c] as number) * wx;
        data[(2 - c) * plane + at] = upper * (1 - wy) + lower * wy;
      }
    }
  }
}

function iou(a: Box, b: Box): number {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy NMS, highest score first, as OpenCV's NMSBoxes. */
export function nonMaximumSuppression(faces: FaceDetection[], iouThreshold = NMS_IOU): FaceDetection[] {
  const sorted = [...faces].sort((a, b) => b.score - a.score);
  const kept: FaceDetection[] = [];
  for (const face of sorted) if (kept.every((k) => iou(k.box, face.box) <= iouThreshold)) kept.push(face);
  return kept;
}

type HeadOutputs = Record<string, { data: unknown }>;

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** Decodes the 12 head outputs (cls/obj/bbox/kps at each stride) into faces in input pixels. */
export function decodeYunet(outputs: HeadOutputs, width: number, height: number, minScore = MIN_DETECTION_SCORE) {
  const faces: FaceDetection[] = [];
  for (const stride of STRIDES) {
    const cls = outputs[`cls_${stride}`]?.data as Float32Array;
    const obj = outputs[`obj_${stride}`]?.data as Float32Array;
    const bbox = outputs[`bbox_${stride}`]?.data as Float32Array;
    const kps = outputs[`kps_${stride}`]?.data as Float32Array;
    const cols = width / stride;
    const rows = height / stride;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        const score = Math.sqrt(clamp(cls[i] as number) * clamp(obj[i] as number));
        if (score < minScore) continue;
        const cx = (c + (bbox[i * 4] as number)) * stride;
        const cy = (r + (bbox[i * 4 + 1] as number)) * stride;
        const w = Math.exp(bbox[i * 4 + 2] as number) * stride;
        const h = Math.exp(bbox[i * 4 + 3] as number) * stride;
        const landmarks: Point[] = [];
        for (let n = 0; n < 5; n++)
          landmarks.push({
            x: ((kps[i * 10 + 2 * n] as number) + c) * stride,
            y: ((kps[i * 10 + 2 * n + 1] as number) + r) * stride,
          });
        faces.push({ box: { x: cx - w / 2, y: cy - h / 2, width: w, height: h }, score, landmarks });
      }
  }
  return nonMaximumSuppression(faces);
}

export class YunetDetector {
  private constructor(
    private readonly runtime: OnnxRuntime,
    private readonly session: OnnxSessionLike,
  ) {}

  static async create(runtime: OnnxRuntime, model: Uint8Array): Promise<YunetDetector> {
    return new YunetDetector(runtime, await runtime.sessionFromBytes(model));
  }

  /**
   * The input buffer of the last detection that finished, for the next one to fill: a new one for
   * every picture (up to 4.9 MB outside V8's heap) made the garbage collector run more often. A
   * detection that starts while another runs makes its own.
   */
  private spare: Float32Array | undefined;

  /** Faces in `image`'s pixel coordinates, boxes clipped to the image, highest score first. */
  async detect(image: RgbImage): Promise<FaceDetection[]> {
    const spare = this.spare;
    this.spare = undefined;
    const input = yunetInput(image, spare);
    let outputs: Awaited<ReturnType<OnnxSessionLike["run"]>>;
    try {
      outputs = await this.session.run({
        input: this.runtime.float32Tensor(input.data, [1, 3, input.height, input.width]),
      });
    } finally {
      this.spare = spare && input.data.buffer === spare.buffer ? spare : input.data;
    }
    return decodeYunet(outputs, input.width, input.height).map((face) => {
      const x0 = Math.max(0, face.box.x / input.scale);
      const y0 = Math.max(0, face.box.y / input.scale);
      const x1 = Math.min(image.width, (face.box.x + face.box.width) / input.scale);
      const y1 = Math.min(image.height, (face.box.y + face.box.height) / input.scale);
      return {
        score: face.score,
        box: { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) },
        landmarks: face.landmarks.map((p) => ({ x: p.x / input.scale, y: p.y / input.scale })),
      };
    });
  }
}
