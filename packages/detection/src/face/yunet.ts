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

/** Planar BGR float input, scaled towards DETECTOR_MAX_SIDE (see above) and zero-padded to multiples of 32. */
export function yunetInput(image: RgbImage): { data: Float32Array; width: number; height: number; scale: number } {
  const scale = Math.min(DETECTOR_MAX_UPSCALE, DETECTOR_MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const paddedWidth = Math.ceil(width / 32) * 32;
  const paddedHeight = Math.ceil(height / 32) * 32;
  const plane = paddedWidth * paddedHeight;
  const data = new Float32Array(plane * 3);
  if (width > image.width) {
    bilinearInto(image, data, width, height, paddedWidth, plane);
    return { data, width: paddedWidth, height: paddedHeight, scale: width / image.width };
  }
  // Area averaging over the source pixels each target pixel covers (a plain copy at scale 1),
  // separable: each source row is summed into its target columns, rows are summed per target row.
  const columnOf = new Int32Array(image.width);
  for (let x = 0; x < width; x++) {
    const x0 = Math.floor((x * image.width) / width);
    const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
    for (let u = x0; u < x1; u++) columnOf[u] = x;
  }
  const columnCount = new Float32Array(width);
  for (const x of columnOf) columnCount[x] = (columnCount[x] as number) + 1;
  const row = new Int32Array(width * 3);
  const source = image.data;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    row.fill(0);
    for (let v = y0; v < y1; v++) {
      let p = v * image.width * 3;
      for (let u = 0; u < image.width; u++, p += 3) {
        const at = (columnOf[u] as number) * 3;
        row[at] = (row[at] as number) + (source[p] as number);
        row[at + 1] = (row[at + 1] as number) + (source[p + 1] as number);
        row[at + 2] = (row[at + 2] as number) + (source[p + 2] as number);
      }
    }
    const rows = y1 - y0;
    let out = y * paddedWidth;
    for (let x = 0; x < width; x++, out++) {
      const n = rows * (columnCount[x] as number);
      data[out] = (row[x * 3 + 2] as number) / n;
      data[plane + out] = (row[x * 3 + 1] as number) / n;
      data[2 * plane + out] = (row[x * 3] as number) / n;
    }
  }
  return { data, width: paddedWidth, height: paddedHeight, scale: width / image.width };
}

/** Enlarges with bilinear taps at pixel centres (OpenCV's INTER_LINEAR), into planar BGR. */
function bilinearInto(
  image: RgbImage,
  data: Float32Array,
  width: number,
  height: number,
  stride: number,
  plane: number,
) {
  const source = image.data;
  const fx = image.width / width;
  const fy = image.height / height;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * fy - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * fx - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = sx - x0;
      const p00 = (y0 * image.width + x0) * 3;
      const p01 = (y0 * image.width + x1) * 3;
      const p10 = (y1 * image.width + x0) * 3;
      const p11 = (y1 * image.width + x1) * 3;
      const at = y * stride + x;
      for (let c = 0; c < 3; c++) {
        const top = (source[p00 + c] as number) * (1 - wx) + (source[p01 + c] as number) * wx;
        const bottom = (source[p10 + c] as number) * (1 - wx) + (source[p11 + c] as number) * wx;
        data[(2 - c) * plane + at] = top * (1 - wy) + bottom * wy;
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
        const clamp = (v: number) => Math.min(1, Math.max(0, v));
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

  /** Faces in `image`'s pixel coordinates, boxes clipped to the image, highest score first. */
  async detect(image: RgbImage): Promise<FaceDetection[]> {
    const input = yunetInput(image);
    const outputs = await this.session.run({
      input: this.runtime.float32Tensor(input.data, [1, 3, input.height, input.width]),
    });
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
