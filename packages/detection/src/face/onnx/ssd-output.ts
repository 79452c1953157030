import type { Box } from "../../result.js";

/**
 * face-api's SSD post-processing over the graph's raw predictions, step for step: outputLayer.ts
 * (anchor box decoding, sigmoid of the face class), nonMaxSuppression.ts (its own greedy NMS,
 * not tfjs's) and SsdMobilenetv1.locateFaces (clamping to the padded square, undoing the padding
 * and scaling to the image's pixels). Results come in face-api's order: by descending score.
 */

export interface SsdDetection {
  box: Box;
  score: number;
}

export interface SsdDecodeOptions {
  minConfidence: number;
  maxResults: number;
  iouThreshold: number;
}

/** Corners [ymin, xmin, ymax, xmax] per anchor, relative to the padded square. */
export function decodeBoxes(encodings: Float32Array, anchors: Float32Array): Float32Array {
  if (encodings.length !== anchors.length)
    throw new Error(`SSD: ${encodings.length / 4} box encodings for ${anchors.length / 4} anchors`);
  const boxes = new Float32Array(encodings.length);
  for (let i = 0; i < encodings.length; i += 4) {
    const a0 = anchors[i] as number;
    const a1 = anchors[i + 1] as number;
    const a2 = anchors[i + 2] as number;
    const a3 = anchors[i + 3] as number;
    const e0 = encodings[i] as number;
    const e1 = encodings[i + 1] as number;
    const e2 = encodings[i + 2] as number;
    const e3 = encodings[i + 3] as number;
    const height = a2 - a0;
    const width = a3 - a1;
    const centreY = (e0 / 10) * height + (a0 + height / 2);
    const centreX = (e1 / 10) * width + (a1 + width / 2);
    const halfHeight = (Math.exp(e2 / 5) * height) / 2;
    const halfWidth = (Math.exp(e3 / 5) * width) / 2;
    boxes[i] = centreY - halfHeight;
    boxes[i + 1] = centreX - halfWidth;
    boxes[i + 2] = centreY + halfHeight;
    boxes[i + 3] = centreX + halfWidth;
  }
  return boxes;
}

/** Sigmoid of class 1 (face) of [background, face, unused] logits per anchor. */
export function faceScores(classLogits: Float32Array): Float32Array {
  const scores = new Float32Array(classLogits.length / 3);
  for (let i = 0; i < scores.length; i++) scores[i] = 1 / (1 + Math.exp(-(classLogits[i * 3 + 1] as number)));
  return scores;
}

function iou(boxes: Float32Array, i: number, j: number): number {
  const corner = (box: number, k: number) => boxes[box * 4 + k] as number;
  const [yminI, xminI] = [Math.min(corner(i, 0), corner(i, 2)), Math.min(corner(i, 1), corner(i, 3))];
  const [ymaxI, xmaxI] = [Math.max(corner(i, 0), corner(i, 2)), Math.max(corner(i, 1), corner(i, 3))];
  const [yminJ, xminJ] = [Math.min(corner(j, 0), corner(j, 2)), Math.min(corner(j, 1), corner(j, 3))];
  const [ymaxJ, xmaxJ] = [Math.max(corner(j, 0), corner(j, 2)), Math.max(corner(j, 1), corner(j, 3))];
  const areaI = (ymaxI - yminI) * (xmaxI - xminI);
  const areaJ = (ymaxJ - yminJ) * (xmaxJ - xminJ);
  if (areaI <= 0 || areaJ <= 0) return 0;
  const overlap =
    Math.max(Math.min(ymaxI, ymaxJ) - Math.max(yminI, yminJ), 0) *
    Math.max(Math.min(xmaxI, xmaxJ) - Math.max(xminI, xminJ), 0);
  return overlap / (areaI + areaJ - overlap);
}

/**
 * face-api's NMS: candidates above the threshold by descending score; one is kept only if no
 * already kept box overlaps it by more than the IoU threshold.
 */
export function nonMaxSuppression(boxes: Float32Array, scores: Float32Array, options: SsdDecodeOptions): number[] {
  const outputSize = Math.min(options.maxResults, scores.length);
  const candidates: number[] = [];
  for (let i = 0; i < scores.length; i++) if ((scores[i] as number) > options.minConfidence) candidates.push(i);
  candidates.sort((a, b) => (scores[b] as number) - (scores[a] as number));
  const selected: number[] = [];
  for (const candidate of candidates) {
    if (selected.length >= outputSize) break;
    if (selected.every((kept) => iou(boxes, candidate, kept) <= options.iouThreshold)) selected.push(candidate);
  }
  return selected;
}

/**
 * Boxes of the padded square → the image's pixels: `scaled*` are its sides inside the 512 square.
 * A box wholly beyond the square's edge clamps to a negative size; face-api's Rect throws on it
 * and fails the whole picture, so such a box is dropped here instead.
 */
export function toImageDetections(
  boxes: Float32Array,
  scores: Float32Array,
  indices: number[],
  image: { width: number; height: number; scaledWidth: number; scaledHeight: number; size: number },
): SsdDetection[] {
  const padX = image.size / image.scaledWidth;
  const padY = image.size / image.scaledHeight;
  return indices.flatMap((index) => {
    const top = Math.max(0, boxes[index * 4] as number) * padY;
    const left = Math.max(0, boxes[index * 4 + 1] as number) * padX;
    const bottom = Math.min(1, boxes[index * 4 + 2] as number) * padY;
    const right = Math.min(1, boxes[index * 4 + 3] as number) * padX;
    if (right < left || bottom < top) return [];
    const box = {
      x: left * image.width,
      y: top * image.height,
      width: (right - left) * image.width,
      height: (bottom - top) * image.height,
    };
    return [{ score: scores[index] as number, box }];
  });
}
