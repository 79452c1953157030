import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Model } from "../../../packages/detection/src/models/model.js";
import { getModel, MODEL_IDS } from "../../../packages/detection/src/models/registry.js";

const detection = path.resolve(import.meta.dirname, "../../../packages/detection");

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(file);
    return entry.name.endsWith(".ts") ? [file] : [];
  });

const specifiers = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?from\s+"([^"]+)"/g)].map(
    (m) => m[1] as string,
  );

describe("model registry", () => {
  it("lists every model the product runs, once, and gives every caller the same instance, unloaded until used", () => {
    expect(new Set(MODEL_IDS).size).toBe(MODEL_IDS.length);
    for (const id of MODEL_IDS) {
      const model = getModel(id);
      expect(model, id).toBeInstanceOf(Model);
      expect(getModel(id), id).toBe(model);
    }
    expect(getModel("AASIST").isLoaded).toBe(false);
  });

  it("is the only place models are named: no runtime module registers one as a side effect of being imported", () => {
    for (const file of tsFiles(path.join(detection, "src"))) {
      expect(readFileSync(file, "utf8"), path.relative(detection, file)).not.toMatch(/registerModel\(/);
    }
  });
});

describe("runtime and setup-time code", () => {
  it("keeps checkpoint readers and graph builders (derive/) out of every module a deployed function can load", () => {
    const offenders = tsFiles(path.join(detection, "src")).flatMap((file) =>
      specifiers(file)
        .filter((s) => s.includes("/derive/") || s === "jsfive")
        .map((s) => `${path.relative(detection, file)} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
