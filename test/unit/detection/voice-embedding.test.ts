import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeAudio } from "../../../packages/detection/src/media/audio.js";
import { speakerModel } from "../../../packages/detection/src/models/registry.js";
import { cosineDistance, matchVoice, speakerEmbedding } from "../../../packages/detection/src/voice/index.js";
import { analyseSpeech } from "../../../packages/detection/src/voice/speech.js";
import reference from "../../fixtures/voice/ge2e-reference.json" with { type: "json" };

const dataDir = path.resolve(import.meta.dirname, "../../..", process.env.LG_DATA_DIR ?? "../shared/data");
const decode = async (file: string) =>
  (await decodeAudio(new Uint8Array(await readFile(path.join(dataDir, file))))).samples;

describe("GE2E speaker embeddings", () => {
  it("matches the Python reference (Resemblyzer embed_utterance) within tolerance on the fixture clips", async () => {
    for (const clip of reference.clips.filter((c) => c.id === "libri-367-0001" || c.id.startsWith("tortoise-cloned"))) {
      const { embedding, partials } = await speakerModel().predict(await decode(clip.path));
      expect(partials.length).toBe(clip.partials);
      let maxDiff = 0;
      clip.embedding.forEach((v, i) => {
        maxDiff = Math.max(maxDiff, Math.abs(v - (embedding[i] as number)));
      });
      expect(maxDiff).toBeLessThan(1e-4);
    }
  });

  it("scores the same speaker closer than different speakers on real clips (first 5 s each), and matches the right person", async () => {
    const [a1, a2, b1] = await Promise.all(
      [
        "voices/librispeech/367/367-130732-0001.flac",
        "voices/librispeech/367/367-130732-0003.flac",
        "voices/librispeech/533/533-1066-0001.flac",
      ].map(async (file) => (await decode(file)).subarray(0, 5 * 16_000)),
    );
    const ea1 = await speakerEmbedding(a1 as Float32Array);
    const ea2 = await speakerEmbedding(a2 as Float32Array);
    const eb1 = await speakerEmbedding(b1 as Float32Array);
    expect(ea1).toHaveLength(256);
    expect(cosineDistance(ea1, ea2)).toBeLessThan(cosineDistance(ea1, eb1));
    expect(cosineDistance(ea1, ea2)).toBeLessThan(cosineDistance(ea2, eb1));

    const enrolled = [
      { personId: "p-367", face: [], voice: [ea1] },
      { personId: "p-533", face: [], voice: [eb1] },
    ];
    const match = matchVoice(ea2, enrolled);
    expect(match?.personId).toBe("p-367");
    expect(match?.confidence).toBeGreaterThan(50);
    expect(matchVoice(ea2, [{ personId: "p-533", face: [], voice: [eb1] }])).toBeNull();
  });

  it("embeds the speech of a VAD result it is given, so a caller that ran the VAD does not run it twice", async () => {
    const clip = (await decode("voices/librispeech/367/367-130732-0001.flac")).subarray(0, 6 * 16_000);
    const speech = await analyseSpeech(clip);
    expect(Array.from(await speakerEmbedding(clip, speech))).toEqual(Array.from(await speakerEmbedding(clip)));
    const firstHalfOnly = { ...speech, ranges: [[0, 3 * 16_000]] as [number, number][] };
    expect(cosineDistance(await speakerEmbedding(clip, firstHalfOnly), await speakerEmbedding(clip))).toBeGreaterThan(
      0,
    );
  });
});
