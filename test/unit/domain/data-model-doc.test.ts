import { readFileSync } from "node:fs";
import { ENTITIES, tableDesign } from "@lg/domain/table/index";
import { describe, expect, it } from "vitest";
import { DATA_MODEL_DOC, renderDataModel } from "../../../scripts/document-data-model.js";

describe("docs/data-model.md", () => {
  it("matches the entity definitions (regenerate with: npx tsx scripts/document-data-model.ts)", () => {
    expect(readFileSync(DATA_MODEL_DOC, "utf8")).toBe(renderDataModel());
  });

  it("documents every entity, every created index and every access pattern", () => {
    const doc = renderDataModel();
    for (const entity of ENTITIES) {
      expect(doc).toContain(`### ${entity.name}`);
      for (const pattern of entity.accessPatterns) expect(doc).toContain(pattern);
    }
    for (const index of tableDesign().globalSecondaryIndexes) expect(doc).toContain(`| ${index.indexName} |`);
  });

  it("renders key templates with attribute placeholders, and sparse keys with their condition", () => {
    const doc = renderDataModel();
    expect(doc).toContain("`USER#{userId}`");
    expect(doc).toContain("`TAKEDOWN#TRACKING` when status = sent");
  });
});
