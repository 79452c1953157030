/** fit:face-swap-sbi's clips scored as the product reads videos, at the head's levels. */
import { levelOf, type VerdictLevels } from "@lg/detection/synthetic-levels";
import { aggregateFrameScores, type FrameScore } from "@lg/detection/video-aggregation";
import { framesToRead } from "@lg/detection/video-signals";
import { rocAuc } from "@lg/fitting/detection-rates";
import { type Example, round } from "@lg/fitting/face-swap-sbi/fit-input";

/** A clip's key without its frame time ("…@12.500" or "…@12.500|graded"). */
const clipOf = (key: string) => key.replace(/@[0-9.]+(\|.*)?$/, "");

/**
 * Clips as the product reads them: up to 8 frames spread over the clip, each face's probability,
 * the top-k mean over them (video-aggregation.ts). Genuine package clips use their held-out rows
 * as found; the training pairs and ../shared/data's clip their measured frames.
 */
export function measureVideos(
  heldOut: { key: string; variant: string; score: number; source: string }[],
  measured: Example[],
  measuredScores: number[],
  levels: VerdictLevels,
) {
  const clips = new Map<string, { source: string; swapped: boolean; frames: FrameScore[] }>();
  const add = (clip: string, source: string, swapped: boolean, key: string, score: number) => {
    const entry = clips.get(clip) ?? { source, swapped, frames: [] };
    entry.frames.push({ timeSeconds: Number(key.match(/@([0-9.]+)/)?.[1] ?? 0), score });
    clips.set(clip, entry);
  };
  for (const h of heldOut)
    if (
      h.variant === "as-made" &&
      !h.source.startsWith("train-clip:") &&
      /@[0-9.]+/.test(h.key) &&
      !h.key.includes("|graded")
    )
      add(clipOf(h.key), h.source, false, h.key, h.score);
  measured.forEach((e, i) => {
    if (e.set.startsWith("train-clips:") || e.set === "data:video")
      add(clipOf(e.key ?? ""), e.set, e.y === 1, e.key ?? "", measuredScores[i] as number);
  });
  const rows = [...clips].map(([clip, c]) => {
    const read = framesToRead(
      c.frames.sort((a, b) => a.timeSeconds - b.timeSeconds).map((f) => ({ ...f, faces: [1] })),
    );
    const aggregated = aggregateFrameScores(read).score ?? 0;
    return {
      clip: clip.replace(/^package:/, ""),
      source: c.source,
      swapped: c.swapped,
      framesRead: read.length,
      score: round(aggregated),
      level: levelOf(aggregated, levels),
    };
  });
  // ../shared/data's clip is the evaluation set's: reported, never counted in the fit's figures.
  const fitSide = rows.filter((r) => r.source !== "data:video");
  const genuine = fitSide.filter((r) => !r.swapped);
  const swapped = fitSide.filter((r) => r.swapped);
  return {
    clips: rows,
    auc: round(
      rocAuc(
        genuine.map((r) => r.score),
        swapped.map((r) => r.score),
      ),
    ),
    genuineClips: genuine.length,
    swappedClips: swapped.length,
    genuineAtSynthetic: genuine.filter((r) => r.level === "synthetic").length,
    genuineAtPossible: genuine.filter((r) => r.level !== "no-evidence").length,
    swappedAtSynthetic: swapped.filter((r) => r.level === "synthetic").length,
    swappedAtPossible: swapped.filter((r) => r.level !== "no-evidence").length,
  };
}
