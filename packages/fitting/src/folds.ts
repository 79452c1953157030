/**
 * Cross-validation folds, the one way every fit assigns them: a row either belongs to a group held
 * out whole (a generator, a video pair, a system), one fold per group, or is dealt across the
 * folds by a key (its file, its source), rows sharing a key staying together. Deterministic: the
 * same rows give the same folds on any machine and in any order, so a refit reproduces its JSON.
 */
import { createHash } from "node:crypto";

/** The first 32 bits of the key's SHA-256: a stable hash for dealing and sampling. */
export const stableHash = (key: string): number => createHash("sha256").update(key).digest().readUInt32LE(0);

/** A key's fold when keys are dealt by hash over `folds` folds. */
export const hashedFold = (key: string, folds: number): number => stableHash(key) % folds;

export interface FoldPlan<R> {
  /** The group the row is held out with as a whole, or null for a row dealt across the folds. */
  groupOf(row: R): string | null;
  /** What a dealt row is dealt by: rows with the same key share a fold. */
  dealtBy(row: R): string;
  /**
   * How dealt keys go round the folds: "sorted" in key order, "digest-order" in order of the keys'
   * SHA-256 (an order unrelated to names), "hash" by hashedFold.
   */
  dealing: "sorted" | "digest-order" | "hash";
  /** The fold count when no group is held out whole; otherwise one fold per group. */
  folds?: number;
}

const digestOrder = (a: string, b: string) =>
  createHash("sha256").update(a).digest().compare(createHash("sha256").update(b).digest());

/** Each row's fold (0-based): groups in sorted order first, dealt keys round the same folds. */
export function assignFolds<R>(rows: readonly R[], plan: FoldPlan<R>): number[] {
  const groups = [...new Set(rows.map((r) => plan.groupOf(r)).filter((g): g is string => g !== null))].sort();
  const count = plan.folds ?? groups.length;
  if (count < 1) throw new Error("assignFolds: no group to hold out and no fold count given");
  const groupFold = new Map(groups.map((g, i) => [g, i]));
  const dealt = rows.filter((r) => plan.groupOf(r) === null).map((r) => plan.dealtBy(r));
  const keyRank =
    plan.dealing === "hash"
      ? null
      : new Map(
          [...new Set(dealt)].sort(plan.dealing === "digest-order" ? digestOrder : undefined).map((k, i) => [k, i]),
        );
  return rows.map((row) => {
    const group = plan.groupOf(row);
    if (group !== null) return groupFold.get(group) as number;
    const key = plan.dealtBy(row);
    return keyRank ? (keyRank.get(key) as number) % count : hashedFold(key, count);
  });
}

/**
 * Held-out scores, the one fold loop of every fit: each fold's rows are scored by what `fitWithout`
 * fits on the other folds' rows. Where it declines (returns undefined, e.g. when the other folds
 * hold one class only) that fold's scores stay NaN. The folds are fitted in order of first
 * appearance; each fit sees only its training rows, so the order changes no score.
 */
export function outOfFoldScores<R>(
  rows: readonly R[],
  folds: readonly number[],
  fitWithout: (training: R[]) => ((row: R) => number) | undefined,
): number[] {
  const scores = new Array<number>(rows.length).fill(Number.NaN);
  for (const fold of new Set(folds)) {
    const score = fitWithout(rows.filter((_, i) => folds[i] !== fold));
    if (!score) continue;
    rows.forEach((row, i) => {
      if (folds[i] === fold) scores[i] = score(row);
    });
  }
  return scores;
}
