/**
 * Marketing copy: every figure here is editorial (prices, trial, testimonials, user counts) and
 * cannot be measured by the system. Figures that describe the system itself (detection accuracy,
 * detection time, platforms monitored) are NOT here: they come from GET /api/system/metrics; uptime
 * is not measured, so it is not shown.
 *
 * Contradictions in the product spec, resolved once here:
 * - Trial: the landing said 14 days, the pricing page 7 days. We offer 14 days, no card required.
 * - Prices: the pricing page ($19 / $49 / custom) and the onboarding flow ($9.99 / $24.99 / $49.99)
 *   disagreed. The pricing page list is the only list and every screen reads it from here.
 * - Sensitivity: one scale everywhere (see SENSITIVITY_LEVELS): high 90%+, medium 70%+, low 50%+.
 */
import type { MembershipTier, Sensitivity } from "../api/types";

export const BRAND = "LikenessGuard";

export const TRIAL = { days: 14, cardRequired: false, moneyBackDays: 30 } as const;

export const PROMO_BANNER = "Launch offer: 50% off your first year — 14-day free trial, no credit card required.";

export interface Plan {
  tier: MembershipTier;
  name: string;
  monthlyPrice: number | null;
  tagline: string;
  features: string[];
  platformsLabel: string;
  scanFrequencyLabel: string;
}

export const PLANS: Plan[] = [
  {
    tier: "personal",
    name: "Personal",
    monthlyPrice: 19,
    tagline: "For individuals, creators and influencers",
    platformsLabel: "5 platforms",
    scanFrequencyLabel: "Weekly scans",
    features: ["5 platforms", "Weekly scans", "Email alerts", "Basic support"],
  },
  {
    tier: "professional",
    name: "Professional",
    monthlyPrice: 49,
    tagline: "For business professionals and executives",
    platformsLabel: "13 platforms",
    scanFrequencyLabel: "Daily scans",
    features: ["13 platforms", "Daily scans", "Real-time alerts", "Priority support", "Automatic takedowns"],
  },
  {
    tier: "enterprise",
    name: "Enterprise",
    monthlyPrice: null,
    tagline: "For enterprises protecting executives and brand assets",
    platformsLabel: "20+ platforms",
    scanFrequencyLabel: "Hourly scans",
    features: [
      "20+ platforms",
      "Hourly scans",
      "Instant alerts",
      "24/7 support",
      "Legal assistance",
      "Dark web monitoring",
      "Team management",
      "Custom integration",
      "Dedicated support",
    ],
  },
];

export function priceLabel(plan: Plan): string {
  return plan.monthlyPrice === null ? "Custom" : `$${plan.monthlyPrice}/month`;
}

export const ADD_ONS = [
  { name: "Family Protection", price: "$9 per member", description: "Extend protection to family members." },
  { name: "Priority Support", price: "$19/month", description: "1-hour response from our specialists." },
  { name: "Legal Shield", price: "$29/month", description: "Legal review and escalation of takedown disputes." },
];

export const FAQ = [
  {
    q: "How long is the free trial?",
    a: `${TRIAL.days} days, no credit card required. Cancel any time; ${TRIAL.moneyBackDays}-day money-back guarantee after that.`,
  },
  {
    q: "What happens to my face and voice samples?",
    a: "Raw samples are encrypted at rest and deleted on the schedule you choose (30, 90 or 180 days, or never). Only encrypted embeddings are used for matching. You can delete everything at any time.",
  },
  {
    q: "Can you remove content automatically?",
    a: "Professional and Enterprise plans can send takedown notices automatically for high-confidence matches. You always confirm the facts in a notice before it is sent on your behalf.",
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

export const MARKETING_FIGURES = [
  { value: "50K+", label: "Protected users" },
  { value: "$2M+", label: "Damages prevented" },
  { value: "4.9/5", label: "Customer rating" },
];

export const TESTIMONIALS = [
  {
    quote:
      "Someone was selling ads with a cloned version of my voice. LikenessGuard found it and the takedown went out the same day.",
    name: "Maya R.",
    role: "Podcast host",
    rating: 5,
  },
  {
    quote: "Our CEO was impersonated on three platforms. The evidence packages made the platform reviews painless.",
    name: "Daniel K.",
    role: "Head of Security",
    rating: 5,
  },
  {
    quote: "I finally know where my photos end up. The dashboard is clear and the alerts are never noise.",
    name: "Priya S.",
    role: "Content creator",
    rating: 5,
  },
];

export const PRIVACY_STATEMENT =
  "Your raw face and voice samples are encrypted at rest and deleted on your schedule; only encrypted embeddings are kept for matching. In zero-knowledge mode your face and voice are analysed in your browser, and your photos and recordings never leave your device.";

export const COMPLIANCE_BADGES = ["SOC 2", "GDPR", "ISO 27001", "99.9% SLA"];
