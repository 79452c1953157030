import { readFileSync } from "node:fs";
import { publicApiDocument } from "@lg/domain/integrations/openapi";
import { PUBLIC_API_OPERATIONS, type PublicOperation } from "@lg/domain/integrations/public-api-contract";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ROUTES } from "../../../lambdas/src/api/routes.js";
import { OPENAPI_DOC, renderOpenApi } from "../../../scripts/document-public-api.js";

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters: { name: string; in: string; required: boolean }[];
        responses: Record<string, { content: Record<string, { schema: unknown }> }>;
        requestBody?: { content: Record<string, { schema: unknown }> };
      }
    >
  >;
  components: { schemas: Record<string, unknown> };
};
const doc = publicApiDocument() as Doc;

/** A schema of the document with its component references resolved, as one JSON Schema. */
const resolved = (schema: unknown) => ({ ...(schema as object), $defs: doc.components.schemas });
const inlineRefs = (schema: unknown) =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/'));

describe("the public API's OpenAPI document", () => {
  it("is the committed docs/openapi.json (regenerate with: npx tsx scripts/document-public-api.ts)", () => {
    expect(readFileSync(OPENAPI_DOC, "utf8")).toBe(renderOpenApi());
  });

  it("is OpenAPI 3.1 whose schemas all compile as JSON Schema 2020-12", () => {
    expect(doc.openapi).toBe("3.1.0");
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods))
        for (const [status, answer] of Object.entries(op.responses))
          for (const content of Object.values(answer.content ?? {}))
            expect(
              () => ajv.compile(inlineRefs(resolved(content.schema))),
              `${method} ${path} ${status}`,
            ).not.toThrow();
  });

  it("documents exactly the public API's routes of the route table", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const routed = ROUTES.filter((r) => r.auth === "api-key").map((r) => `${r.method} ${r.path}`);
    expect(documented.sort()).toEqual(routed.sort());
  });

  it("states each route's answer with the very schema its handler answers with", () => {
    for (const operation of PUBLIC_API_OPERATIONS as readonly PublicOperation[]) {
      const documented = doc.paths[operation.path]?.[operation.method.toLowerCase()];
      const expected = z.toJSONSchema(operation.success.schema, { target: "draft-2020-12", io: "output" }) as Record<
        string,
        unknown
      >;
      const { $schema: _s, $defs, ...top } = expected;
      const schema = documented?.responses[String(operation.success.status)]?.content["application/json"]?.schema;
      expect(inlineRefs(schema), operation.operationId).toEqual(top);
      for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, unknown>))
        expect(inlineRefs(doc.components.schemas[id]), `${operation.operationId} ${id}`).toEqual(def);
      const parameters = (documented?.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      for (const name of Object.keys(operation.query?.shape ?? {})) expect(parameters).toContain(`query:${name}`);
      if (operation.method === "POST") expect(parameters).toContain("header:Idempotency-Key");
    }
  });
});
