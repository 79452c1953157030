import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import Compliance from "./compliance";
import DmcaPolicy from "./dmca-policy";
import Features from "./features";
import Pricing from "./pricing";
import Privacy from "./privacy";
import Terms from "./terms";

/*
 * Nothing in billing refunds a payment (docs/billing.md), so no page may promise one: the spec's
 * "30-day money-back guarantee" was shown on the pricing page and its FAQ with nothing behind it.
 */
const REFUND_PROMISE = /money[\s-]*back|refund|guarantee/i;

const src = path.resolve(import.meta.dirname, "..");
const pageSources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "test" ? [] : pageSources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

const PUBLIC_PAGES: [string, ReactElement][] = [
  ["/pricing", <Pricing key="pricing" />],
  ["/features", <Features key="features" />],
  ["/terms", <Terms key="terms" />],
  ["/privacy", <Privacy key="privacy" />],
  ["/dmca-policy", <DmcaPolicy key="dmca" />],
  ["/compliance", <Compliance key="compliance" />],
];

describe("no page promises a refund nothing gives", () => {
  it.each(PUBLIC_PAGES)("%s says nothing of a money-back guarantee or refund", async (route, page) => {
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/health": { status: 200, body: { status: "ok", services: [] } },
    });
    renderRoute(page, { path: route });
    await screen.findAllByRole("heading", { level: 1 });
    expect(document.body.textContent ?? "").not.toMatch(REFUND_PROMISE);
  });

  it("no web app source (pages, content, components) carries a money-back or refund wording", () => {
    const promising = pageSources(src).filter((file) => /money[\s-]*back|refund/i.test(readFileSync(file, "utf8")));
    expect(promising.map((file) => path.relative(src, file))).toEqual([]);
  });

  it("the terms say what cancelling does instead: no further charge, the paid period runs out", async () => {
    stubApi({ "GET /api/auth/user": { status: 401, body: "Unauthorized" } });
    renderRoute(<Terms />, { path: "/terms" });
    expect(await screen.findByText(/cancelling stops further charges/)).toBeInTheDocument();
  });
});
