import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import openapi from "../../../docs/openapi.json";
import { renderRoute, stubApi } from "../test/render-app";
import ApiDocs from "./api-docs";

describe("/docs/api", () => {
  it("documents every operation of the published OpenAPI document, with curl, TypeScript and signature examples", async () => {
    stubApi({ "GET /api/auth/user": { status: 401, body: "Unauthorized" } });
    renderRoute(<ApiDocs />, { path: "/docs/api" });
    await screen.findAllByRole("heading", { level: 1 });
    for (const [path, methods] of Object.entries(openapi.paths))
      for (const method of Object.keys(methods))
        expect(screen.getByRole("heading", { name: `${method.toUpperCase()} ${path}` })).toBeInTheDocument();
    const text = document.body.textContent ?? "";
    expect(text).toContain("Idempotency-Key");
    expect(text).toContain("openapi-fetch");
    expect(text).toContain("standardwebhooks");
  });
});
