/**
 * Marketing copy: taglines, plan feature blurbs, FAQ and the privacy statement. Product facts are
 * not here: plans, prices and the trial come from the plan catalogue in the domain
 * (@lg/domain/billing/plan-catalogue), and figures about the system or its use come from
 * GET /api/system/metrics, measured or counted, never written as copy.
 *
 * Sensitivity: one scale everywhere (see SENSITIVITY_LEVELS): high 90%+, medium 70%+, low 50%+.
 */
import { type CataloguePlan, PLAN_CATALOGUE, TRIAL } from "@lg/domain/billing/plan-catalogue";
import type { Sensitivity } from "../api/types";

export { TRIAL };

export const BRAND = "LikenessGuard";

export const PROMO_BANNER = `${TRIAL.days}-day free trial${TRIAL.cardRequired ? "" : ", no credit card required"}.`;

export interface Plan extends CataloguePlan {
  tagline: string;
  features: string[];
  platformsLabel: string;
  scanFrequencyLabel: string;
}

const SCAN_FREQUENCY_LABELS = { hourly: "Hourly scans", daily: "Daily scans", weekly: "Weekly scans" } as const;

/**
 * What each plan adds, limited to what the product does for that tier (tiers.ts): every plan gets
 * email, text and push alerts as they happen; Professional sends some takedowns by itself;
 * Enterprise scans the dark web and protects several people. No support plan or legal help is
 * listed: nothing provides them yet (issue 36 item 5). The public API line comes from the plan's
 * API key allowance (apiLine).
 */
const COPY: Record<CataloguePlan["tier"], { tagline: string; features: string[] }> = {
  personal: {
    tagline: "For individuals, creators and influencers",
    features: ["Email, text and push alerts", "Takedown notices you review and send"],
  },
  professional: {
    tagline: "For business professionals and executives",
    features: ["Email, text and push alerts", "Automatic takedowns"],
  },
  enterprise: {
    tagline: "For enterprises protecting executives and brand assets",
    features: ["Email, text and push alerts", "Automatic takedowns", "Dark web monitoring", "Team management"],
  },
};

/**
 * The plan's public API, as the key allowance says (docs/public-api.md): read-only keys read
 * threats, notices and people; keys with write scopes also send notices, and signed webhooks push
 * events, which is what an organisation's own integration needs.
 */
function apiLine({ keys, scopes }: CataloguePlan["apiKeys"]): string[] {
  if (keys === 0) return [];
  const count = keys === 1 ? "1 key" : `up to ${keys} keys`;
  if (scopes.every((scope) => scope.endsWith(":read"))) {
    return [`Public API: ${count}, read-only (threats, notices, people)`];
  }
  return [`Custom integration: public API with ${count} that can also send notices, and signed webhooks`];
}

/** The catalogue's plans with their copy; the platform count and schedule lines come from the tiers. */
export const PLANS: Plan[] = PLAN_CATALOGUE.map((plan) => {
  const platformsLabel = `${plan.platformCount} platforms`;
  const scanFrequencyLabel = SCAN_FREQUENCY_LABELS[plan.scanFrequency];
  return {
    ...plan,
    tagline: COPY[plan.tier].tagline,
    platformsLabel,
    scanFrequencyLabel,
    features: [platformsLabel, scanFrequencyLabel, ...COPY[plan.tier].features, ...apiLine(plan.apiKeys)],
  };
});

export function priceLabel(plan: Plan): string {
  if (plan.monthlyPrice === null) return "Custom";
  return `$${plan.monthlyPrice}/month${plan.perProtectedPerson ? " per protected person" : ""}`;
}

export const FAQ = [
  {
    q: "How long is the free trial?",
    a: `${TRIAL.days} days, no credit card required. Cancel any time with Manage billing in Settings: nothing more is charged, and a paid plan runs to the end of the month already paid for.`,
  },
  {
    q: "What happens to my face and voice samples?",
    a: "Raw samples are encrypted at rest and deleted on the schedule you choose (30, 90 or 180 days, or never). Matching uses the embeddings computed from them: each sealed with its own key in our database, and a search copy in our matching gallery (Aurora PostgreSQL, encrypted at rest under our key, in a private network), deleted on the same schedule. You can delete everything at any time; the privacy policy's retention schedule lists every copy.",
  },
  {
    q: "Can you remove content automatically?",
    a: "On Professional and Enterprise, with automatic takedown turned on, impersonation and privacy reports go out in your name by themselves for matches of 90% or more on your verified face or voice, where the platform takes such reports by email (few do; most take them only through a web form). Copyright (DMCA) and intimate-imagery notices, web forms, and matches on an unverified face or voice are never sent automatically: the threat and the takedown centre say why, and you review and send the notice yourself.",
  },
  { q: "Are there setup fees?", a: "No. Setup takes about five minutes." },
];

export const SENSITIVITY_LEVELS: { value: Sensitivity; label: string; threshold: string }[] = [
  { value: "high", label: "High", threshold: "90%+ match confidence" },
  { value: "medium", label: "Medium", threshold: "70%+ match confidence" },
  { value: "low", label: "Low", threshold: "50%+ match confidence" },
];
/** The levels as a person picks one: "High (90%+ match confidence)". */
export const SENSITIVITY_OPTIONS = SENSITIVITY_LEVELS.map((level) => ({
  value: level.value,
  label: `${level.label} (${level.threshold})`,
}));

/**
 * The privacy promise the landing page, footer, features and live-capture pages repeat. It names the
 * matching gallery (plain vectors in Aurora PostgreSQL, because pgvector must read them), as the
 * privacy policy's retention schedule does (content/legal.ts, checked against the CDK by
 * test/infra/legal-promises.test.ts).
 */
export const PRIVACY_STATEMENT =
  "Your face photos and voice recordings are encrypted at rest and deleted on your schedule. Matching uses embeddings computed from them: sealed in our database, with a search copy in our matching gallery that is encrypted at rest under our key, reachable from no network and deleted on the same schedule. In zero-knowledge mode your face and voice are analysed in your browser, and your photos and recordings never leave your device.";
