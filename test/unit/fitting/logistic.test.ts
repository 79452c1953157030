import { fitLogistic, type LinearModel, outOfFold, standardiser, weighted } from "@lg/fitting/cross-validation";
import { mulberry32 } from "@lg/local/platform-simulator/seeded-random";
import { describe, expect, it } from "vitest";

/**
 * fitLogistic replaced two Newton fits of a weighted, L2-penalised logistic regression:
 * faceswap/operating-point.ts's fitSmallLogistic (fit:mesonet's calibration with the face's size,
 * fit:fusion; Gauss-Jordan steps, up to 100 of them, until none moved 1e-9) and this package's own
 * (fit:image; Cholesky steps, up to 25, until none moved 1e-6). The figures below are what each
 * returned on these seeded rows, shaped as its callers' rows, just before the merge.
 */
function rowsOf(
  seed: number,
  { genuine, synthetic, shift, spread }: { genuine: number; synthetic: number; shift: number[]; spread: number },
) {
  const random = mulberry32(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const features: number[][] = [];
  const labels: (0 | 1)[] = [];
  for (let i = 0; i < genuine + synthetic; i++) {
    const y = i < genuine ? 0 : 1;
    features.push(shift.map((s) => y * s + spread * normal()));
    labels.push(y);
  }
  return { features, labels };
}

const classBalanced = (labels: number[]) => {
  const positives = labels.filter((y) => y === 1).length;
  return labels.map((y) => labels.length / (2 * (y === 1 ? positives : labels.length - positives)));
};

const weightedRows = (features: number[][], labels: number[], weights = labels.map(() => 1)) =>
  features.map((x, i) => ({ x, y: labels[i] as number, weight: weights[i] as number }));

const faces = rowsOf(11, { genuine: 128, synthetic: 72, shift: [1.2, 0.4], spread: 1 });
const fusion = rowsOf(12, { genuine: 90, synthetic: 60, shift: [2, 1, 0, 3], spread: 1.5 });
const few = rowsOf(13, { genuine: 6, synthetic: 4, shift: [3, 2], spread: 1 });
const pictures = rowsOf(14, {
  genuine: 150,
  synthetic: 110,
  shift: [0.5, 0.3, 0, 0.8, 0.1, 0.2, 0.6, 0, 0.4, 0.2, 0.1, 0.9],
  spread: 1,
});
const apart = rowsOf(15, { genuine: 8, synthetic: 8, shift: [6, 5, 4], spread: 0.5 });

/** The picture probes' rows: standardised, each class half the weight, √-weighted groups. */
function probeRows() {
  const groups = pictures.labels.map((y, i) => `${y}-${i % (y ? 3 : 5)}`);
  const weights = weighted(pictures.labels.map((y, i) => ({ y, group: groups[i] as string })));
  const standard = standardiser(pictures.features.map((x) => Float64Array.from(x)));
  return weightedRows(
    pictures.features.map((x) => Array.from(standard.apply(Float64Array.from(x)))),
    pictures.labels,
    weights,
  );
}

const BEFORE_THE_MERGE: {
  name: string;
  was: "fitSmallLogistic" | "fitLogistic";
  fitted: () => LinearModel;
  weights: number[];
  bias: number;
}[] = [
  {
    name: "MesoNet with the face's size (logit, s, s²; classes balanced; l2 1e-3)",
    was: "fitSmallLogistic",
    fitted: () =>
      fitLogistic(
        weightedRows(
          faces.features.map(([l = 0, s = 0]) => [l, s, s * s]),
          faces.labels,
          classBalanced(faces.labels),
        ),
        1e-3,
      ),
    weights: [1.5682568577595573, 0.477772070549902, 0.1625915909366124],
    bias: -1.2153424080798574,
  },
  {
    name: "MesoNet Platt (logit only; classes balanced; l2 1e-3)",
    was: "fitSmallLogistic",
    fitted: () =>
      fitLogistic(
        weightedRows(
          faces.features.map(([l = 0]) => [l]),
          faces.labels,
          classBalanced(faces.labels),
        ),
        1e-3,
      ),
    weights: [1.5349787498635794],
    bias: -0.9652324021895404,
  },
  {
    name: "fusion (an inactive signal's column all zeros; l2 1)",
    was: "fitSmallLogistic",
    fitted: () =>
      fitLogistic(
        weightedRows(
          fusion.features.map((x) => x.map((v, j) => (j === 2 ? 0 : v))),
          fusion.labels,
        ),
        1,
      ),
    weights: [1.0938533838610502, 0.6855861726786491, 0, 1.394263863739624],
    bias: -3.4534387344744393,
  },
  {
    name: "ten rows, almost apart (l2 1e-3)",
    was: "fitSmallLogistic",
    fitted: () => fitLogistic(weightedRows(few.features, few.labels), 1e-3),
    weights: [3.4853985735574615, 5.225132990200639],
    bias: -9.436878962157326,
  },
  {
    name: "picture probe (12 standardised features, weighted; λ 10)",
    was: "fitLogistic",
    fitted: () => fitLogistic(probeRows(), 10),
    weights: [
      0.5601890456530709, 0.17512846404258475, -0.047212629462973305, 0.7543514513870184, -0.011444741900530932,
      0.04097115008648451, 0.4192343542506773, 0.05463114851427909, 0.44392155069758016, 0.008303917594706252,
      0.07396369136091768, 0.719077621269766,
    ],
    bias: -0.13180668512408286,
  },
  {
    name: "picture probe (λ 1000)",
    was: "fitLogistic",
    fitted: () => fitLogistic(probeRows(), 1000),
    weights: [
      0.03720275301895031, 0.014482800906223892, -0.002229949218760522, 0.04724148354186464, -0.0035403150676268885,
      0.005442663889883572, 0.023198132652752668, -0.002333731546917419, 0.03091055336505991, 0.007202687054653879,
      0.003909282912734888, 0.043950766614342426,
    ],
    bias: -0.009445934645347657,
  },
  {
    // Separable rows have no optimum: the fit ends where its 25 steps do.
    name: "separable rows (λ 1e-6)",
    was: "fitLogistic",
    fitted: () => fitLogistic(weightedRows(apart.features, apart.labels), 1e-6),
    weights: [2.989932648727987, 2.167876431902486, 1.875680508456435],
    bias: -19.171537547394863,
  },
];

describe("Weighted logistic regression", () => {
  for (const { name, was, fitted, weights, bias } of BEFORE_THE_MERGE)
    it(`gives the ${name} the weights and bias ${was} gave, to 1e-12`, () => {
      const model = fitted();
      expect(model.weights).toHaveLength(weights.length);
      model.weights.forEach((w, i) => {
        expect(Math.abs(w - (weights[i] as number))).toBeLessThan(1e-12);
      });
      expect(Math.abs(model.bias - bias)).toBeLessThan(1e-12);
    });
});

/** Standardised, weighted rows for outOfFold (fit:image's held-out scores), in the folds `foldOf` gives. */
function foldedExamples(seed: number, n: number, foldOf: (i: number, y: 0 | 1) => number) {
  const random = mulberry32(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const rows = Array.from({ length: n }, (_, i) => {
    const y = (i % 3 === 0 ? 1 : 0) as 0 | 1;
    const x = Float64Array.from([0.8, -0.3, 0.5, 0], (s) => y * s + normal());
    return { x, y, group: `g${i % 4}`, fold: foldOf(i, y) };
  });
  const weights = weighted(rows);
  return rows.map((row, i) => ({ ...row, weight: weights[i] as number }));
}

describe("Held-out scores of the picture probes", () => {
  // Recorded before the fold loop became folds.ts's outOfFoldScores.
  it("gives each fold the scores of a probe fitted without it, as before the fold loop was shared", () => {
    const scores = outOfFold(
      foldedExamples(21, 40, (i) => i % 4),
      10,
    );
    expect(scores.slice(0, 4)).toEqual([
      0.1556303783772917, -0.3499447479563412, -0.4339828981769025, -1.0855656199090205,
    ]);
    expect(scores.reduce((sum, s) => sum + s, 0)).toBeCloseTo(-4.864986467727458, 12);
  });

  it("leaves a fold unscored where the other folds hold one class only", () => {
    const scores = outOfFold(
      foldedExamples(22, 30, (i, y) => (y === 1 ? 2 : i % 2)),
      10,
    );
    expect(scores.flatMap((s, i) => (Number.isNaN(s) ? [i] : []))).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    expect(scores.filter((s) => !Number.isNaN(s)).reduce((sum, s) => sum + s, 0)).toBeCloseTo(13.45929360112838, 12);
  });
});
