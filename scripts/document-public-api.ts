import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { publicApiDocument } from "@lg/domain/integrations/openapi";
import { repoRoot } from "../lib/paths.js";

/** The published OpenAPI document, kept in the repository so a change to the contract shows in review. */
export const OPENAPI_DOC = path.join(repoRoot, "docs", "openapi.json");

export const renderOpenApi = () => `${JSON.stringify(publicApiDocument(), null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(OPENAPI_DOC, renderOpenApi());
  console.log(`wrote ${OPENAPI_DOC}`);
  // The e2e test's client is generated from the document: regenerated with it, so the two never drift.
  execFileSync("npm", ["run", "--silent", "api:types"], { cwd: repoRoot, stdio: "inherit" });
}
