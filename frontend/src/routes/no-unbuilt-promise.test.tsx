import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { TIERS } from "@lg/domain/tiers";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PLANS } from "../content/marketing";
import { renderRoute, stubApi } from "../test/render-app";
import Pricing from "./pricing";

/*
 * Pricing listed 24/7 support, legal assistance, dedicated and priority support and custom
 * integration, and the footer's "Support Center" was the pricing FAQ: nothing provides support
 * requests or legal help yet (issue 36 item 5), so no page may sell them. The public API now exists
 * (docs/public-api.md): custom integration is sold only on the plan whose keys can write and whose
 * account gets signed webhooks, and each plan's API line says what its keys may do.
 */
const UNBUILT = /24\/7|legal assistance|dedicated support|priority support|basic support|support center/i;
const INTEGRATION = /custom integration|public api/i;

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
    expect(screen.getByText("Public API: 1 key, read-only (threats, notices, people)")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Custom integration: public API with up to 20 keys that can also send notices, and signed webhooks",
      ),
    ).toBeInTheDocument();
  });

  it("sells API access only as each plan's API keys allow it", () => {
    for (const plan of PLANS) {
      const lines = plan.features.filter((line) => INTEGRATION.test(line));
      const { keys, scopes } = TIERS[plan.tier].apiKeys;
      if (keys === 0) expect(lines).toEqual([]);
      else if (scopes.some((scope) => !scope.endsWith(":read")))
        expect(lines).toEqual([expect.stringMatching(/^Custom integration:/)]);
      else expect(lines).toEqual([expect.stringMatching(/^Public API: .*read-only/)]);
    }
    expect(PLANS.find((plan) => plan.tier === "personal")?.features.join(" ")).not.toMatch(INTEGRATION);
  });

  it("no web app source carries support, legal-assistance or integration promises", () => {
    const promising = sources(src).filter((file) => UNBUILT.test(readFileSync(file, "utf8")));
    expect(promising.map((file) => path.relative(src, file))).toEqual([]);
  });
});
