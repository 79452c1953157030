import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readLabelRows } from "@lg/fitting/label-rows";
import { describe, expect, it } from "vitest";

describe("labels.csv rows", () => {
  it("read each cell by its header's column name, empty where the row or the header has none", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "label-rows-"));
    writeFileSync(
      path.join(dir, "labels.csv"),
      "path,kind,synthetic,system\r\nimages/a.jpg,image,1,flux\r\nvideo/b.mp4,video,0\r\n",
    );
    const rows = await readLabelRows(dir);
    expect(rows.map((cell) => [cell("path"), cell("kind"), cell("synthetic"), cell("system")])).toEqual([
      ["images/a.jpg", "image", "1", "flux"],
      ["video/b.mp4", "video", "0", ""],
    ]);
    expect(rows[0]?.("subject")).toBe("");
  });
});
