import type { Box } from "../../result.js";
import type { Point } from "../face-api-pipeline.js";
import { bilinearTaps } from "./bilinear-taps.js";

/**
 * The face crops face-api feeds its per-face networks, reproduced step by step so the ONNX ports
 * see the very pixels the TensorFlow.js pipeline does (a one-pixel shift of the aligned crop moves
 * a descriptor by more than the ports' own arithmetic does):
 * - landmarks: the detection box clipped to the image and floored (extractFaceTensors);
 * - descriptors: the dlib-style box around eyes and mouth (FaceLandmarks.align with
 *   useDlibAlignment), clipped the same way;
 * - both: zero-padded to a square with the crop centred, resized bilinearly (TensorFlow's legacy
 *   sampling, no half-pixel centres) and normalised by face-api's mean RGB (NetInput.toBatchTensor).
 */

/** Integer pixel rectangle inside the image. */
export type PixelRect = Box;

const MEAN_RGB = [122.782, 117.001, 104.298] as const;

/** face-api's Box.clipAtImageBorders: clipped to the image, then every side floored. */
export function clipToImage(box: Box, imageWidth: number, imageHeight: number): PixelRect {
  const x = Math.max(box.x, 0);
  const y = Math.max(box.y, 0);
  const width = Math.min(box.x + box.width - x, imageWidth - x);
  const height = Math.min(box.y + box.height - y, imageHeight - y);
  return { x: Math.floor(x), y: Math.floor(y), width: Math.floor(width), height: Math.floor(height) };
}

/**
 * The landmark net's crop for a detection, or null when nothing of it is inside the image.
 * face-api first turns the box into image-relative coordinates and back (FaceDetection.forSize);
 * the round trip is kept because it can move a coordinate across an integer before flooring.
 */
export function detectionCrop(box: Box, imageWidth: number, imageHeight: number): PixelRect | null {
  const sx = 1 / imageWidth;
  const sy = 1 / imageHeight;
  const roundTripped = {
    x: box.x * sx * imageWidth,
    y: box.y * sy * imageHeight,
    width: box.width * sx * imageWidth,
    height: box.height * sy * imageHeight,
  };
  const crop = clipToImage(roundTripped, imageWidth, imageHeight);
  return crop.width > 0 && crop.height > 0 ? crop : null;
}

function centre(points: Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / points.length, y: y / points.length };
}

/**
 * The descriptor net's crop from 68 landmarks in image pixels (FaceLandmarks68 + alignDlib): a
 * square of side (mean eye-to-mouth distance / 0.45) placed so the eyes-and-mouth centre sits at
 * (0.5, 0.43) of it. face-api caps the side by the landmark crop's size plus the offset, which
 * only matters at the image border; kept for parity.
 */
export function dlibAlignedCrop(
  landmarks: Point[],
  landmarkCrop: PixelRect,
  imageWidth: number,
  imageHeight: number,
): PixelRect | null {
  if (landmarks.length !== 68) throw new Error(`Expected 68 landmarks, got ${landmarks.length}`);
  const leftEye = centre(landmarks.slice(36, 42));
  const rightEye = centre(landmarks.slice(42, 48));
  const mouth = centre(landmarks.slice(48, 68));
  const toMouth = (p: Point) => Math.sqrt((mouth.x - p.x) ** 2 + (mouth.y - p.y) ** 2);
  const size = Math.floor((toMouth(leftEye) + toMouth(rightEye)) / 2 / 0.45);
  const reference = centre([leftEye, rightEye, mouth]);
  const x = Math.floor(Math.max(0, reference.x - 0.5 * size));
  const y = Math.floor(Math.max(0, reference.y - 0.43 * size));
  const box = {
    x,
    y,
    width: Math.min(size, landmarkCrop.width + x),
    height: Math.min(size, landmarkCrop.height + y),
  };
  const crop = clipToImage(box, imageWidth, imageHeight);
  return crop.width > 0 && crop.height > 0 ? crop : null;
}

/**
 * Crops as one NCHW float batch [crops × 3 × size × size], ready for the ONNX graphs.
 * Padding: the short side gets round(diff / 2) zero pixels after the crop and the rest before
 * (padToSquare with isCenterImage). Resize: source = destination × (side / size), then bilinear
 * between floor and floor + 1 (clamped), as TensorFlow's resizeBilinear without align-corners or
 * half-pixel centres (ONNX Resize "asymmetric"). A crop already size × size is sampled 1:1.
 */
export function cropBatch(
  rgb: Uint8Array | Int32Array,
  imageWidth: number,
  crops: PixelRect[],
  size: number,
): Float32Array {
  const plane = size * size;
  const out = new Float32Array(crops.length * 3 * plane);
  const [meanR, meanG, meanB] = MEAN_RGB;
  crops.forEach((crop, index) => {
    const side = Math.max(crop.width, crop.height);
    const diff = Math.abs(crop.width - crop.height);
    const before = diff - Math.round(diff * 0.5);
    // Per axis: where each sample's two neighbours start in `rgb` (-1 for padding, which reads as zero).
    const startsIn = (indices: Int32Array, start: (inCrop: number) => number) =>
      indices.map((inCrop) => (inCrop < 0 ? -1 : start(inCrop)));
    const rowTaps = bilinearTaps(size, side, crop.height, crop.height < crop.width ? before : 0, true);
    const colTaps = bilinearTaps(size, side, crop.width, crop.width < crop.height ? before : 0, true);
    const rowStart = (row: number) => ((crop.y + row) * imageWidth + crop.x) * 3;
    const colStart = (col: number) => col * 3;
    const [rowsLow, rowsHigh] = [startsIn(rowTaps.low, rowStart), startsIn(rowTaps.high, rowStart)];
    const [colsLow, colsHigh] = [startsIn(colTaps.low, colStart), startsIn(colTaps.high, colStart)];
    const { frac: rowWeights } = rowTaps;
    const { frac: colWeights } = colTaps;
    const red = index * 3 * plane;
    for (let i = 0; i < size; i++) {
      const top = rowsLow[i] as number;
      const bottom = rowsHigh[i] as number;
      const wy = rowWeights[i] as number;
      for (let j = 0; j < size; j++) {
        const left = colsLow[j] as number;
        const right = colsHigh[j] as number;
        const wx = colWeights[j] as number;
        const tl = top < 0 || left < 0 ? -1 : top + left;
        const tr = top < 0 || right < 0 ? -1 : top + right;
        const bl = bottom < 0 || left < 0 ? -1 : bottom + left;
        const br = bottom < 0 || right < 0 ? -1 : bottom + right;
        const at = red + i * size + j;
        for (let c = 0; c < 3; c++) {
          const vtl = tl < 0 ? 0 : (rgb[tl + c] as number);
          const vtr = tr < 0 ? 0 : (rgb[tr + c] as number);
          const vbl = bl < 0 ? 0 : (rgb[bl + c] as number);
          const vbr = br < 0 ? 0 : (rgb[br + c] as number);
          const upper = vtl + (vtr - vtl) * wx;
          const lower = vbl + (vbr - vbl) * wx;
          const mean = c === 0 ? meanR : c === 1 ? meanG : meanB;
          out[at + c * plane] = (upper + (lower - upper) * wy - mean) / 255;
        }
      }
    }
  });
  return out;
}
