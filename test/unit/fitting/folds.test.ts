import { assignFolds, hashedFold, outOfFoldScores } from "@lg/fitting/folds";
import { describe, expect, it } from "vitest";

interface Row {
  system: string | null;
  file: string;
}

const rows: Row[] = [
  { system: "sdxl", file: "a.png" },
  { system: "flux", file: "b.png" },
  { system: "sdxl", file: "c.png" },
  { system: null, file: "camera-1.jpg" },
  { system: null, file: "camera-2.jpg" },
  { system: null, file: "camera-1.jpg" },
  { system: "gan", file: "d.png" },
];
const bySystem = (dealing: "sorted" | "digest-order" | "hash") =>
  ({ groupOf: (r: Row) => r.system, dealtBy: (r: Row) => r.file, dealing }) as const;

describe("cross-validation folds", () => {
  it("holds each system out whole, one fold per system in sorted order", () => {
    const folds = assignFolds(rows, bySystem("sorted"));
    expect([folds[1], folds[6], folds[0]]).toEqual([0, 1, 2]);
    expect(folds[2]).toBe(folds[0]);
  });

  it("deals genuine rows across the systems' folds, copies of one file together", () => {
    for (const dealing of ["sorted", "digest-order", "hash"] as const) {
      const folds = assignFolds(rows, bySystem(dealing));
      expect(folds[5]).toBe(folds[3]);
      for (const fold of folds) expect(fold).toBeGreaterThanOrEqual(0);
      for (const fold of folds) expect(fold).toBeLessThan(3);
    }
    expect(assignFolds(rows, bySystem("sorted")).slice(3, 5)).toEqual([0, 1]);
  });

  it("gives every row the same fold whatever order the rows come in", () => {
    for (const dealing of ["sorted", "digest-order", "hash"] as const) {
      const forward = assignFolds(rows, bySystem(dealing));
      const reversed = assignFolds([...rows].reverse(), bySystem(dealing)).reverse();
      expect(reversed).toEqual(forward);
    }
  });

  it("deals every row by hash over a fixed count when no group is held out whole", () => {
    const folds = assignFolds(rows, { groupOf: () => null, dealtBy: (r) => r.file, dealing: "hash", folds: 5 });
    expect(folds).toEqual(rows.map((r) => hashedFold(r.file, 5)));
    expect(() => assignFolds(rows, { groupOf: () => null, dealtBy: (r) => r.file, dealing: "hash" })).toThrow(
      /no fold count/,
    );
  });
});

describe("out-of-fold scores", () => {
  const items = ["a", "b", "c", "d", "e", "f", "g"];
  const folds = [2, 0, 1, 2, 0, 1, 2];

  it("scores each row by a fit on the other folds' rows only", () => {
    const scores = outOfFoldScores(items, folds, (training) => (item) => {
      const fold = folds[items.indexOf(item)];
      // How many training rows share the scored row's fold (none may), and how many there were.
      return training.filter((t) => folds[items.indexOf(t)] === fold).length * 100 + training.length;
    });
    expect(scores).toEqual([4, 5, 5, 4, 5, 5, 4]);
  });

  it("leaves a fold's scores NaN where the fit declines", () => {
    const scores = outOfFoldScores(items, folds, (training) => (training.includes("a") ? () => 1 : undefined));
    expect(scores).toEqual([Number.NaN, 1, 1, Number.NaN, 1, 1, Number.NaN]);
  });
});
