import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../lib/paths.js";
import { tsFiles } from "../../support/lambda-import-graph.js";

/**
 * Every AWS SDK client the product uses is built in lambdas/src/shared/aws/clients.ts: once per
 * container, traced, its endpoint from AWS_ENDPOINT_URL_<SERVICE>. A client built anywhere else is
 * a second connection pool, a gap in the traces, and a place where the local stack's endpoints
 * could be bypassed; adapters and packages are handed the client instead.
 */
const CLIENTS_MODULE = "lambdas/src/shared/aws/clients.ts";

/** `new <Name>Client(` where <Name>Client is imported from an @aws-sdk package in the same file. */
function sdkClientsBuiltIn(source: string): string[] {
  const imported = new Set<string>();
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"@aws-sdk\/[^"]+"/g)) {
    for (const name of (match[1] ?? "").split(",")) imported.add(name.replace(/^\s*type\s+/, "").trim());
  }
  return [...source.matchAll(/new\s+([A-Za-z0-9]+Client)\s*\(/g)]
    .map((match) => match[1] ?? "")
    .filter((name) => imported.has(name));
}

describe("AWS SDK clients", () => {
  it("are built only in the one clients module", () => {
    const roots = [
      "lambdas/src",
      "local/src",
      ...["domain", "detection", "connectors", "notices"].map((p) => `packages/${p}/src`),
    ];
    const offenders = roots
      .flatMap((root) => tsFiles(join(repoRoot, root)))
      .filter((file) => relative(repoRoot, file) !== CLIENTS_MODULE)
      .flatMap((file) =>
        sdkClientsBuiltIn(readFileSync(file, "utf8")).map((name) => `${relative(repoRoot, file)}: ${name}`),
      );
    expect(offenders).toEqual([]);
  });

  it("recognises a client built from an SDK import, and nothing else", () => {
    const planted =
      'import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";\nconst c = new SecretsManagerClient({});';
    expect(sdkClientsBuiltIn(planted)).toEqual(["SecretsManagerClient"]);
    expect(sdkClientsBuiltIn('import { SafeHttpClient } from "./safe-http.js";\nnew SafeHttpClient({});')).toEqual([]);
  });
});
