import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const committed = path.join(repoRoot, "test/e2e/support/public-api-types.ts");

describe("the public API client's generated types", () => {
  // The e2e client is typed by this file: were it stale, the client would test an API the document no
  // longer describes, and a breaking change to the document would pass unnoticed.
  it("are what openapi-typescript makes of docs/openapi.json today (regenerate with: npm run api:types)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lg-api-types-"));
    try {
      const fresh = path.join(dir, "public-api-types.ts");
      execFileSync(
        path.join(repoRoot, "node_modules/.bin/openapi-typescript"),
        [path.join(repoRoot, "docs/openapi.json"), "-o", fresh],
        { cwd: repoRoot, stdio: "pipe" },
      );
      expect(readFileSync(committed, "utf8")).toBe(readFileSync(fresh, "utf8"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
