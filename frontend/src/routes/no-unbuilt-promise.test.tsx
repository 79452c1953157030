import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import Pricing from "./pricing";

/*
 * Pricing listed 24/7 support, legal assistance, dedicated and priority support and custom
 * integration, and the footer's "Support Center" was the pricing FAQ: nothing provides support
 * requests, legal help or a public API yet (issue 36 item 5), so no page may sell them.
 */
const UNBUILT =
  /24\/7|legal assistance|dedicated support|priority support|basic support|custom integration|support center/i;

const src = path.resolve(import.meta.dirname, "..");
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "test" ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

describe("no page sells what nothing provides", () => {
  it("the pricing page lists only what each plan does", async () => {
    stubApi({ "GET /api/auth/user": { status: 401, body: "Unauthorized" } });
    renderRoute(<Pricing />, { path: "/pricing" });
    await screen.findAllByRole("heading", { level: 1 });
    expect(document.body.textContent ?? "").not.toMatch(UNBUILT);
    expect(screen.getAllByText("Automatic takedowns").length).toBeGreaterThan(0);
  });

  it("no web app source carries support, legal-assistance or integration promises", () => {
    const promising = sources(src).filter((file) => UNBUILT.test(readFileSync(file, "utf8")));
    expect(promising.map((file) => path.relative(src, file))).toEqual([]);
  });
});
