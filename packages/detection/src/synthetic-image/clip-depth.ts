import {
  aiImageHeadFit as aiImageHead,
  faceSyntheticHeadFit as faceSyntheticHead,
  fusionModelsFit as fusionModels,
  sbiHeadFit as sbiHead,
} from "../fitted/heads.js";
import { BLOCK_COUNT } from "./clip-block-outputs.js";

/** A fitted head as far as its CLIP input goes: the blocks it reads, none for the projected embedding. */
export interface ClipReader {
  id: string;
  /** False for a head that reads no CLIP feature (the SBI head on blend residuals). */
  readsClip: boolean;
  clipBlocks?: number[];
}

/** The committed heads, and the detectors every fitted fusion model leaves out (they never run). */
const committedReaders: ClipReader[] = [
  { id: "ai-image", readsClip: true, clipBlocks: aiImageHead.clipBlocks },
  { id: "face-synthetic", readsClip: true, clipBlocks: faceSyntheticHead.clipBlocks },
  { id: "face-swap-sbi", readsClip: sbiHead.input === "clip-blocks", clipBlocks: sbiHead.clipBlocks },
];
const leftOutEverywhere = (id: string) =>
  Object.values(fusionModels).every((model) => (model?.leftOut as string[] | undefined)?.includes(id) ?? false);

/**
 * The deepest CLIP block the analysis needs: the last block (the whole graph) as soon as one head
 * that runs reads the projected embedding. The analysis's encoder stops there, so blocks no head
 * reads are never computed (each of the 12 costs 1/12 of a pass); a refit that reads deeper or
 * brings back the embedding probe moves this with it.
 */
export function deepestClipBlockRead(
  readers: ClipReader[] = committedReaders,
  leftOut: (id: string) => boolean = leftOutEverywhere,
): number {
  let deepest = -1;
  for (const reader of readers) {
    if (!reader.readsClip || leftOut(reader.id)) continue;
    if (!reader.clipBlocks?.length) return BLOCK_COUNT - 1;
    deepest = Math.max(deepest, ...reader.clipBlocks);
  }
  // No head reads CLIP at all: nothing calls the encoder, and the whole graph is the safe default.
  return deepest < 0 ? BLOCK_COUNT - 1 : deepest;
}
