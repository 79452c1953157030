/**
 * Depth from the face's own motion. When a head turns, the nose tip, which stands out from the face,
 * moves across the eyes and mouth corners by more than any flat picture of a face can: every view
 * of a plane (a printed photo tilted, a screen turned, a photo warped by software) is a planar
 * homography of every other view, so the five landmarks of a flat face fit one exactly, up to the
 * detector's noise, while a turning head's do not. The measure: fit the homography that best maps
 * the frontal frame's five landmarks onto a turned frame's, and take what is left over (RMS, with
 * each set of points moved to its centroid and scaled to a mean distance of 1 from it). Five points
 * and eight unknowns leave two degrees of freedom, and the nose's parallax shows in them.
 */

export interface Point {
  x: number;
  y: number;
}

/**
 * The least landmark parallax a turned head shows (median over the turned frames). Measured in
 * docs/privacy.md: real photos turned 26 and 31 degrees read 0.130-0.144 against the frontal photo;
 * 56 perspective-warped copies of eight frontal photos (tilts up to 70% of the frame) read at most 0.106,
 * and none of them reached a turn's yaw.
 */
export const MIN_TURN_PARALLAX = 0.11;

/** Solves the square system `a x = b` by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r;
    if (Math.abs(m[pivot]?.[col] ?? 0) < 1e-12) return null;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const top = m[col] as number[];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r] as number[];
      const factor = (row[col] ?? 0) / (top[col] ?? 1);
      for (let c = col; c <= n; c++) row[c] = (row[c] ?? 0) - factor * (top[c] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}

/** Points moved to their centroid and scaled to unit mean distance, so the fit is well conditioned. */
function normalised(points: readonly Point[]) {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  const spread = points.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / points.length || 1;
  return points.map((p) => ({ x: (p.x - cx) / spread, y: (p.y - cy) / spread }));
}

/**
 * RMS distance between `to` and the best homography image of `from` (least squares on the linear
 * equations), in the units of `to` after normalising both sets. Null when the points are degenerate.
 */
export function homographyResidual(from: readonly Point[], to: readonly Point[]): number | null {
  if (from.length !== to.length || from.length < 5) return null;
  const src = normalised(from);
  const dst = normalised(to);
  const ata = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const atb = new Array<number>(8).fill(0);
  const accumulate = (row: number[], value: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i] = (atb[i] ?? 0) + (row[i] ?? 0) * value;
      const out = ata[i] as number[];
      for (let j = 0; j < 8; j++) out[j] = (out[j] ?? 0) + (row[i] ?? 0) * (row[j] ?? 0);
    }
  };
  for (const [i, s] of src.entries()) {
    const d = dst[i] as Point;
    accumulate([s.x, s.y, 1, 0, 0, 0, -d.x * s.x, -d.x * s.y], d.x);
    accumulate([0, 0, 0, s.x, s.y, 1, -d.y * s.x, -d.y * s.y], d.y);
  }
  const h = solve(ata, atb);
  if (!h) return null;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, k = 0] = h;
  let squares = 0;
  for (const [i, s] of src.entries()) {
    const w = g * s.x + k * s.y + 1;
    const t = dst[i] as Point;
    squares += ((a * s.x + b * s.y + c) / w - t.x) ** 2 + ((d * s.x + e * s.y + f) / w - t.y) ** 2;
  }
  return Math.sqrt(squares / src.length);
}

/**
 * The parallax of a burst's turn: the median, over the turned frames, of the landmarks' homography
 * residual against the frontal frame.
 */
export function turnParallax(front: readonly Point[], turned: readonly (readonly Point[])[]): number {
  const residuals = turned
    .map((landmarks) => homographyResidual(front, landmarks))
    .filter((r): r is number => r !== null)
    .sort((a, b) => a - b);
  if (residuals.length === 0) return 0;
  const middle = residuals.length / 2;
  return residuals.length % 2 === 1
    ? (residuals[Math.floor(middle)] as number)
    : ((residuals[middle - 1] as number) + (residuals[middle] as number)) / 2;
}
