import { PLAN_CATALOGUE } from "@lg/domain/billing/plan-catalogue";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import Pricing from "./pricing";

describe("the pricing page", () => {
  it("prices only what checkout can charge: the catalogue's plans, no add-ons nobody can buy", async () => {
    stubApi({ "GET /api/auth/user": { status: 401, body: "Unauthorized" } });
    renderRoute(<Pricing />, { path: "/pricing" });
    await screen.findAllByRole("heading", { level: 1 });
    const prices = [...(document.body.textContent ?? "").matchAll(/\$(\d+(?:\.\d+)?)/g)].map((m) => Number(m[1]));
    const charged = PLAN_CATALOGUE.flatMap((p) => (p.monthlyPrice === null ? [] : [p.monthlyPrice]));
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(charged).toContain(price);
    expect(screen.queryByRole("heading", { name: "Add-ons" })).toBeNull();
  });
});
