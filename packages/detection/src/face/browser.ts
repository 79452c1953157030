import type { RgbImage } from "../media/image.js";
import { defaultLimits } from "../media/limits.js";
import type { FaceQuality } from "../result.js";
import { foldBlockQuantizedOnnx } from "../runtimes/onnx-fold.js";
import { onnxWebRuntime } from "../runtimes/onnx-web.js";
import { type BrowserFaceModel, FACE_MODELS_INDEX } from "./browser-models.js";
import { FACE_EMBEDDING_MODEL, FacePipeline, type RawFace } from "./face-pipeline.js";
import { faceQuality } from "./quality.js";

/**
 * The face path in a browser, for enrolment where the photo never leaves the device: the server's
 * own pipeline (face-pipeline.ts: YuNet, alignment, SFace, the same pre- and post-processing code)
 * on onnxruntime-web's WebAssembly backend, with the same folded model files and the same analysis
 * size, quality numbers and matching as the Node path. The page says where the model files and
 * the .wasm binary are served from, so the bundle carries no weights.
 * Bundled as one ESM file by scripts/build-face-browser.ts; not part of the web app's initial JS.
 */

export { cosineDistance } from "../voice/matching.js";
export { defaultEnrolmentGates, enrolmentGateReasons, enrolmentGatesFor } from "./enrolment-gates.js";
export type { RawFace } from "./face-pipeline.js";
export { FACE_EMBEDDING_MODEL } from "./face-pipeline.js";
export { matchFace } from "./match.js";

export interface FaceRuntimeUrls {
  /** Folder holding FACE_MODELS_INDEX and the files it names, ending in "/". */
  models: string;
  /** Folder holding onnxruntime-web's .wasm binary, ending in "/". */
  wasm: string;
}

/** ImageData's shape: RGBA, 4 bytes per pixel, row-major. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

// The project compiles without the DOM library; these are the browser APIs this module calls.
interface BitmapLike {
  width: number;
  height: number;
  close(): void;
}
interface Canvas2d {
  drawImage(image: BitmapLike, x: number, y: number): void;
  getImageData(x: number, y: number, width: number, height: number): RgbaImage;
}
declare function createImageBitmap(
  image: Blob,
  options?: { resizeWidth?: number; resizeHeight?: number; resizeQuality?: "high" },
): Promise<BitmapLike>;
declare class OffscreenCanvas {
  constructor(width: number, height: number);
  getContext(kind: "2d"): Canvas2d | null;
}

let loading: Promise<FacePipeline> | undefined;

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the face model ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One model as the server runs it: fetched, folded as setup folds it, checked against setup's hash. */
async function foldedModel(urls: FaceRuntimeUrls, model: BrowserFaceModel): Promise<Uint8Array> {
  const { bytes } = foldBlockQuantizedOnnx(await fetchBytes(`${urls.models}${model.file}`), model.symbolicDims);
  const actual = await sha256Hex(bytes);
  if (actual !== model.sha256) throw new Error(`The face model ${model.file} folded to ${actual}, not ${model.sha256}`);
  return bytes;
}

/** Loads onnxruntime-web and both networks once; later calls share the first load. */
export function loadFaceModels(urls: FaceRuntimeUrls): Promise<void> {
  if (!loading) {
    loading = (async () => {
      const index = JSON.parse(new TextDecoder().decode(await fetchBytes(`${urls.models}${FACE_MODELS_INDEX}`))) as {
        models: BrowserFaceModel[];
      };
      const [yunet, sface] = await Promise.all(index.models.map((model) => foldedModel(urls, model)));
      if (!yunet || !sface) throw new Error(`${FACE_MODELS_INDEX} must name the detector and the embedder`);
      return FacePipeline.create(onnxWebRuntime(urls.wasm), yunet, sface);
    })().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  }
  return loading.then(() => undefined);
}

function rgbFromRgba(image: RgbaImage): RgbImage {
  const pixels = image.width * image.height;
  if (image.data.length !== pixels * 4) throw new Error(`Expected ${pixels * 4} RGBA bytes, got ${image.data.length}`);
  const rgb = new Uint8Array(pixels * 3);
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = image.data[i * 4] as number;
    rgb[i * 3 + 1] = image.data[i * 4 + 1] as number;
    rgb[i * 3 + 2] = image.data[i * 4 + 2] as number;
  }
  return { data: rgb, width: image.width, height: image.height };
}

async function facesIn(rgb: RgbImage): Promise<RawFace[]> {
  if (!loading) throw new Error("Call loadFaceModels before computing descriptors");
  return (await loading).faces(rgb);
}

/** Every face in an RGBA image with its 128-d SFace embedding, largest first; boxes in that image's pixels. */
export async function faceDescriptorsFromRgba(image: RgbaImage): Promise<RawFace[]> {
  return facesIn(rgbFromRgba(image));
}

/**
 * Every face with its descriptor and the quality numbers the enrolment gates read (size, sharpness,
 * yaw), computed exactly as the Node path does; largest first. `scale` is what decodeImageFile gave.
 */
export async function analyseFacesInRgba(
  image: RgbaImage,
  scale: number,
): Promise<{ descriptor: Float32Array; embeddingModel: string; quality: FaceQuality }[]> {
  const faces = await facesIn(rgbFromRgba(image));
  return faces.map((face) => ({
    descriptor: face.descriptor,
    embeddingModel: FACE_EMBEDDING_MODEL,
    quality: faceQuality(face, scale),
  }));
}

/**
 * Decodes an image file as the Node path does: upright (EXIF orientation applied by the browser)
 * and scaled to fit the analysis size. `scale` is analysed width / original width.
 */
export async function decodeImageFile(
  file: Blob,
  maxSide = defaultLimits.analysisMaxSide,
): Promise<{ image: RgbaImage; scale: number }> {
  const original = await createImageBitmap(file);
  // A closed bitmap reports 0 × 0, so keep the original width for the scale.
  const originalWidth = original.width;
  const scale = Math.min(1, maxSide / Math.max(originalWidth, original.height));
  let bitmap = original;
  if (scale < 1) {
    bitmap = await createImageBitmap(file, {
      resizeWidth: Math.round(originalWidth * scale),
      resizeHeight: Math.round(original.height * scale),
      resizeQuality: "high",
    });
    original.close();
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas in this browser");
  context.drawImage(bitmap, 0, 0);
  const image = context.getImageData(0, 0, bitmap.width, bitmap.height);
  bitmap.close();
  return { image, scale: image.width / originalWidth };
}
