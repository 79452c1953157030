import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ENTERPRISE_PRICE_PER_PERSON, PAID_PLANS, PLAN_CATALOGUE, TRIAL_DAYS } from "@lg/domain/billing/plan-catalogue";
import { platformsForTier } from "@lg/domain/tiers";
import { describe, expect, it } from "vitest";
import { PLANS, priceLabel, TRIAL } from "../../../frontend/src/content/marketing.js";

const domainSrc = path.resolve(import.meta.dirname, "../../../packages/domain/src");
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith(".ts") ? [full] : [];
  });

describe("the plan catalogue is a domain fact the web copy reads", () => {
  it("lives in the domain, which imports nothing from the web app", () => {
    const importers = sources(domainSrc).filter((file) =>
      /from\s+["'][^"']*frontend\//.test(readFileSync(file, "utf8")),
    );
    expect(importers).toEqual([]);
  });

  it("is what checkout charges and what the pricing copy shows, tier by tier", () => {
    expect(PLANS.map((p) => [p.tier, p.monthlyPrice])).toEqual(PLAN_CATALOGUE.map((p) => [p.tier, p.monthlyPrice]));
    expect(PAID_PLANS.map((p) => p.monthlyAmountCents)).toEqual([1900, 4900, ENTERPRISE_PRICE_PER_PERSON * 100]);
    expect(PLANS.map(priceLabel)).toEqual([
      "$19/month",
      "$49/month",
      `$${ENTERPRISE_PRICE_PER_PERSON}/month per protected person`,
    ]);
    expect(TRIAL.days).toBe(TRIAL_DAYS);
  });

  it("labels each plan's platforms with the count its tier really scans", () => {
    for (const plan of PLANS) expect(plan.platformsLabel).toBe(`${platformsForTier(plan.tier).length} platforms`);
  });
});
