import { cosineDistance } from "@lg/detection/voice/matching";
import { mulberry32 } from "../local/src/platform-simulator/seeded-random.js";
import type { RealFace } from "./gallery-faces.js";

/**
 * A generative model of SFace embeddings fitted to real faces: identity centres drawn from the
 * between-person Gaussian (mean and covariance of the real identities' mean embeddings), samples of
 * one person from the pooled within-person Gaussian, each L2-normalised as SFace's are. With 114
 * identities in 128 dimensions both covariances are shrunk 10% toward their diagonals so every
 * direction has some spread. Seeded: the same seed gives the same gallery.
 */
export class FaceEmbeddingModel {
  private readonly mean: Float64Array;
  private readonly between: Float64Array;
  private readonly within: Float64Array;
  private readonly gaussian: () => number;
  readonly dims: number;
  /** Scales of the between- and within-person draws, set by calibrate(). */
  private scale = { mean: 1, between: 1, within: 1 };

  constructor(faces: RealFace[], seed: number) {
    const dims = (faces[0] as RealFace).embedding.length;
    this.dims = dims;
    const bySubject = new Map<string, Float32Array[]>();
    for (const face of faces)
      bySubject.set(face.subject, [...(bySubject.get(face.subject) ?? []), unit(face.embedding)]);
    const centres = [...bySubject.values()].map((samples) => meanOf(samples, dims));
    const deviations = [...bySubject.values()].flatMap((samples) => {
      if (samples.length < 2) return [];
      const centre = meanOf(samples, dims);
      // Unbiased: a person's deviations from their own mean shrink by (n-1)/n.
      const scale = Math.sqrt(samples.length / (samples.length - 1));
      return samples.map((s) => Float64Array.from(s, (x, i) => (x - (centre[i] as number)) * scale));
    });
    this.mean = meanOf(centres, dims);
    const within = covariance(deviations, new Float64Array(dims), dims);
    // A person's mean photo still carries within-person noise (Σw/n): take it out of the centres' spread.
    const groups = [...bySubject.values()];
    const noiseShare = groups.reduce((sum, samples) => sum + 1 / samples.length, 0) / groups.length;
    const between = Float64Array.from(
      covariance(centres, this.mean, dims),
      (c, k) => c - noiseShare * (within[k] as number),
    );
    this.between = positiveCholesky(between, dims);
    this.within = cholesky(shrink(within, 0.1), dims) as Float64Array;
    const random = mulberry32(seed);
    this.gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-300)) * Math.cos(2 * Math.PI * random());
  }

  /**
   * Moment matching: 114 people give a rough covariance, so the mean and the two draws are scaled until the model's
   * impostor distances have the real ones' mean and standard deviation and its genuine pairs the real median.
   */
  calibrate(
    target: { impostorMean: number; impostorSd: number; genuineMedian: number },
    rounds = 12,
  ): { impostorMean: number; impostorSd: number; genuineMedian: number } {
    let measured = { impostorMean: 0, impostorSd: 0, genuineMedian: 0 };
    for (let round = 0; round < rounds; round++) {
      const impostor: number[] = [];
      const genuine: number[] = [];
      for (let i = 0; i < 3000; i++) {
        const a = this.person();
        impostor.push(cosineDistance(this.sample(a), this.sample(this.person())));
        genuine.push(cosineDistance(this.sample(a), this.sample(a)));
      }
      const mean = impostor.reduce((x, y) => x + y, 0) / impostor.length;
      const sd = Math.sqrt(impostor.reduce((x, y) => x + (y - mean) ** 2, 0) / impostor.length);
      const median = [...genuine].sort((x, y) => x - y)[genuine.length >> 1] as number;
      measured = { impostorMean: mean, impostorSd: sd, genuineMedian: median };
      this.scale.mean *= Math.sqrt((1 - target.impostorMean) / Math.max(1e-3, 1 - mean));
      this.scale.between *= target.impostorSd / sd;
      this.scale.within *= Math.sqrt(target.genuineMedian / median);
    }
    return measured;
  }

  /** A new person's identity centre (not normalised: samples are normalised after the noise). */
  person(): Float64Array {
    return add(
      this.mean.map((x) => x * this.scale.mean),
      this.draw(this.between, this.scale.between),
    );
  }

  /** One photo of that person: centre plus within-person noise, unit length. */
  sample(centre: Float64Array): Float32Array {
    return unit(add(centre, this.draw(this.within, this.scale.within)));
  }

  private draw(lower: Float64Array, scale: number): Float64Array {
    const dims = this.dims;
    const z = Float64Array.from({ length: dims }, () => this.gaussian());
    const out = new Float64Array(dims);
    for (let i = 0; i < dims; i++) {
      let sum = 0;
      for (let j = 0; j <= i; j++) sum += (lower[i * dims + j] as number) * (z[j] as number);
      out[i] = sum * scale;
    }
    return out;
  }
}

export function unit(v: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += (v[i] as number) ** 2;
  norm = Math.sqrt(norm);
  return Float32Array.from(v as ArrayLike<number>, (x) => x / norm);
}

const add = (a: Float64Array, b: Float64Array) => Float64Array.from(a, (x, i) => x + (b[i] as number));

function meanOf(vectors: ArrayLike<number>[], dims: number): Float64Array {
  const mean = new Float64Array(dims);
  for (const v of vectors)
    for (let i = 0; i < dims; i++) mean[i] = (mean[i] as number) + (v[i] as number) / vectors.length;
  return mean;
}

function covariance(vectors: ArrayLike<number>[], mean: Float64Array, dims: number): Float64Array {
  const cov = new Float64Array(dims * dims);
  for (const v of vectors)
    for (let i = 0; i < dims; i++) {
      const di = (v[i] as number) - (mean[i] as number);
      for (let j = 0; j <= i; j++)
        cov[i * dims + j] = (cov[i * dims + j] as number) + di * ((v[j] as number) - (mean[j] as number));
    }
  for (let i = 0; i < dims; i++)
    for (let j = 0; j <= i; j++) {
      const c = (cov[i * dims + j] as number) / Math.max(1, vectors.length - 1);
      cov[i * dims + j] = c;
      cov[j * dims + i] = c;
    }
  return cov;
}

/** (1-λ)·S + λ·diag(S): a full-rank covariance from fewer samples than dimensions. */
function shrink(cov: Float64Array, lambda: number): Float64Array {
  const dims = Math.round(Math.sqrt(cov.length));
  return Float64Array.from(cov, (c, k) => (Math.floor(k / dims) === k % dims ? c : (1 - lambda) * c));
}

/**
 * The Cholesky factor of the covariance shrunk toward its (floored) diagonal, 10% at least, more
 * until it is positive definite (the corrected between-person spread can lose definiteness).
 */
function positiveCholesky(cov: Float64Array, dims: number): Float64Array {
  const floored = Float64Array.from(cov, (c, k) => (Math.floor(k / dims) === k % dims ? Math.max(c, 1e-6) : c));
  for (let lambda = 0.1; lambda < 1; lambda += 0.05) {
    const factor = cholesky(shrink(floored, lambda), dims, false);
    if (factor) return factor;
  }
  return cholesky(shrink(floored, 1), dims) as Float64Array;
}

function cholesky(a: Float64Array, dims: number, clamp = true): Float64Array | undefined {
  const l = new Float64Array(dims * dims);
  for (let i = 0; i < dims; i++)
    for (let j = 0; j <= i; j++) {
      let sum = a[i * dims + j] as number;
      for (let k = 0; k < j; k++) sum -= (l[i * dims + k] as number) * (l[j * dims + k] as number);
      if (i === j && sum <= 0 && !clamp) return undefined;
      l[i * dims + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / (l[j * dims + j] as number);
    }
  return l;
}

/** A synthetic gallery: 3 samples per person, in rows 3p..3p+2, and every (people/probes)-th person a probe's. */
export interface SyntheticGallery {
  vectors: Float32Array;
  /** The person (index) each row belongs to. */
  owner: Int32Array;
  /** The probe people's identity centres and indexes. */
  probeCentres: Float64Array[];
  probePeople: number[];
  vectorAt(n: number): Float32Array;
}

/** The benchmarks' gallery of `size` rows; the model's draws in the same order every time, so one seed, one gallery. */
export function syntheticGallery(model: FaceEmbeddingModel, size: number, probeCount: number): SyntheticGallery {
  const people = Math.ceil(size / 3);
  const vectors = new Float32Array(size * model.dims);
  const owner = new Int32Array(size);
  const probeCentres: Float64Array[] = [];
  for (let p = 0, n = 0; p < people && n < size; p++) {
    const centre = model.person();
    if (p % Math.floor(people / probeCount) === 0 && probeCentres.length < probeCount) probeCentres.push(centre);
    for (let s = 0; s < 3 && n < size; s++, n++) {
      vectors.set(model.sample(centre), n * model.dims);
      owner[n] = p;
    }
  }
  return {
    vectors,
    owner,
    probeCentres,
    probePeople: probeCentres.map((_, i) => i * Math.floor(people / probeCount)),
    vectorAt: (n) => vectors.subarray(n * model.dims, (n + 1) * model.dims),
  };
}

/** Writes the gallery's rows as the product's gallery_face rows (owner p is user `u<p>`, person "self"), 500 a statement. */
export async function loadSyntheticGallery(
  sql: { execute(statement: string): Promise<unknown> },
  gallery: SyntheticGallery,
  model: string,
): Promise<void> {
  const size = gallery.owner.length;
  for (let start = 0; start < size; start += 500) {
    const rows: string[] = [];
    for (let n = start; n < Math.min(size, start + 500); n++)
      rows.push(
        `('u${gallery.owner[n]}','self','s${n}','${model}','[${Array.from(gallery.vectorAt(n)).join(",")}]',true,'live-capture','2026-11-biometric-v1',now(),NULL)`,
      );
    await sql.execute(`INSERT INTO gallery_face VALUES ${rows.join(",")}`);
    if (start % 100_000 === 0) console.log(`loaded ${start} of ${size}`);
  }
}

/** The 10 rows nearest a probe by cosine distance, by comparing it with every row (the recall benches' truth). */
export function exactTop10(vectors: Float32Array, dims: number, probe: Float32Array): { n: number; d: number }[] {
  const best: { n: number; d: number }[] = [];
  const rows = vectors.length / dims;
  for (let n = 0; n < rows; n++) {
    let dot = 0;
    const off = n * dims;
    for (let i = 0; i < dims; i++) dot += (vectors[off + i] as number) * (probe[i] as number);
    const d = 1 - dot;
    if (best.length < 10 || d < (best[9] as { d: number }).d) {
      best.push({ n, d });
      best.sort((a, b) => a.d - b.d);
      if (best.length > 10) best.pop();
    }
  }
  return best;
}
