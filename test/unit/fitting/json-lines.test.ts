import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readJsonLines } from "@lg/fitting/json-lines";
import { describe, expect, it } from "vitest";

describe("JSON-lines feature caches", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "json-lines-"));

  it("read every entry in file order, and none before the file exists", async () => {
    const file = path.join(dir, "whole.jsonl");
    expect(await readJsonLines(file)).toEqual([]);
    const entries = [
      { path: "a.jpg", x: [1, 2] },
      { path: "b.jpg", x: [{ nested: "}" }] },
    ];
    writeFileSync(file, `${entries.map((e) => JSON.stringify(e)).join("\n")}\n`);
    expect(await readJsonLines(file)).toEqual(entries);
  });

  it("skip a last line an interrupted run cut short, so that file is read again", async () => {
    const file = path.join(dir, "cut.jsonl");
    writeFileSync(file, `${JSON.stringify({ path: "a.jpg" })}\n\n{"path":"b.jpg","x":[1,`);
    expect(await readJsonLines(file)).toEqual([{ path: "a.jpg" }]);
  });
});
