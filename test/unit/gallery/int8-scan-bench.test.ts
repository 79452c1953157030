import { describe, expect, it } from "vitest";
import { Int8ScanGallery } from "../../../bench/int8-scan.js";

/** Seeded unit vectors, so a failure repeats. */
function unitVectors(rows: number, dims: number, seed: number): Float32Array {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
  const out = new Float32Array(rows * dims);
  for (let r = 0; r < rows; r++) {
    let norm = 0;
    for (let i = 0; i < dims; i++) {
      const x = next();
      out[r * dims + i] = x;
      norm += x * x;
    }
    for (let i = 0; i < dims; i++) out[r * dims + i] = (out[r * dims + i] as number) / Math.sqrt(norm);
  }
  return out;
}

function exactNearest(vectors: Float32Array, dims: number, probe: Float32Array, k: number): number[] {
  const d: { n: number; d: number }[] = [];
  for (let n = 0; n < vectors.length / dims; n++) {
    let dot = 0;
    for (let i = 0; i < dims; i++) dot += (vectors[n * dims + i] as number) * (probe[i] as number);
    d.push({ n, d: 1 - dot });
  }
  return d
    .sort((a, b) => a.d - b.d)
    .slice(0, k)
    .map((e) => e.n);
}

describe("the int8 scan bench:gallery-scan compares with the HNSW walk", () => {
  it("returns the exact nearest rows, one probe or a batch, on one thread or two, across block boundaries", async () => {
    const dims = 128;
    const vectors = unitVectors(20_000, dims, 7);
    const scan = await Int8ScanGallery.build(vectors, dims);
    const split = await Int8ScanGallery.build(vectors, dims, 2);
    // Near copies of gallery rows, as genuine probes are, and bystanders drawn fresh.
    const probes: Float32Array[] = [0, 9_000, 17_500].map((n) =>
      Float32Array.from(vectors.subarray(n * dims, (n + 1) * dims), (x, i) => x + (i % 3) * 0.01),
    );
    for (const s of [1, 2]) probes.push(unitVectors(1, dims, 100 + s));
    const batch = await scan.nearest(probes, 10);
    expect(await split.nearest(probes, 10)).toEqual(batch);
    await split.close();
    for (const [i, probe] of probes.entries()) {
      const [one] = await scan.nearest([probe], 10);
      expect(one?.map((e) => e.n)).toEqual(batch[i]?.map((e) => e.n));
      expect(batch[i]?.map((e) => e.n)).toEqual(exactNearest(vectors, dims, probe, 10));
    }
    expect(batch[0]?.[0]?.n).toBe(0);
    expect(batch[2]?.[0]?.n).toBe(17_500);
  });
});
