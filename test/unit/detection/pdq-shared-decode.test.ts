import { describe, expect, it } from "vitest";
import { analyseMedia } from "../../../packages/detection/src/analyse.js";
import { type PdqProbe, pdqProbesOf } from "../../../packages/detection/src/hashing/pdq-media.js";
import { dataFile } from "./data-dir.js";

/** The engine's probes (AnalyseOptions.onPdqProbes), from the pixels the analysis decoded anyway. */
async function probesFromAnalysis(bytes: Uint8Array): Promise<PdqProbe[] | undefined> {
  let probes: PdqProbe[] | undefined;
  await analyseMedia(bytes, {
    enrolled: [],
    costlySignals: { whenLikenessAtLeast: 60 },
    onPdqProbes: (given) => {
      probes = given;
    },
  });
  return probes;
}

// Registered-image matching takes the analysis's decode instead of its own: the probes must be the
// very ones a decode for PDQ alone gives, or a copy found before would be missed now.
describe("PDQ probes from the analysis's own decode", () => {
  it("are a picture's probes, bit for bit", { timeout: 120_000 }, async () => {
    const bytes = dataFile("faces/deepface/img26.jpg");
    expect(await probesFromAnalysis(bytes)).toEqual(await pdqProbesOf(bytes));
  });

  it("are every sampled frame's probes of a video, at the frame's time", { timeout: 300_000 }, async () => {
    const bytes = dataFile("faces/face_recognition/examples/short_hamilton_clip.mp4");
    const shared = await probesFromAnalysis(bytes);
    expect(shared?.length).toBeGreaterThan(1);
    expect(shared).toEqual(await pdqProbesOf(bytes));
  });

  it("are none for a recording", { timeout: 120_000 }, async () => {
    expect(await probesFromAnalysis(dataFile("voices/librispeech/1688/1688-142285-0000.flac"))).toEqual([]);
  });
});
