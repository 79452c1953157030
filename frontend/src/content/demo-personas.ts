import type { MembershipTier } from "../api/types";

/**
 * Demo chooser cards (spec section 2, landing). Each card names the persona the server creates for
 * its tier (packages/domain/src/demo/demo-catalogue.ts); the demo e2e checks they agree.
 */
export interface DemoPersonaCard {
  id: MembershipTier;
  title: string;
  description: string;
  features: [string, string, string];
  persona: { name: string; occupation: string; followers?: string; company?: string };
}

/**
 * Said wherever a demo persona appears: the personas are invented and their face is an
 * AI-generated picture (packages/domain/src/demo/demo-catalogue.ts, DEMO_FACE), not a real person's.
 */
export const DEMO_FACE_NOTE = "Invented persona: the face is an AI-generated picture, not a real person.";

export const DEMO_PERSONAS: DemoPersonaCard[] = [
  {
    id: "personal",
    title: "Individual Protection",
    description: "A creator protecting their face and voice on social media.",
    features: ["Social media monitoring", "Weekly scans", "Email, text and push alerts"],
    persona: { name: "Alex Rivera", occupation: "Content Creator", followers: "48K followers" },
  },
  {
    id: "professional",
    title: "Professional Shield",
    description: "An executive whose public profile attracts impersonators.",
    features: ["Professional platforms", "Daily scans", "Automatic takedowns"],
    persona: { name: "Jordan Blake", occupation: "Chief Financial Officer", company: "Northwind Capital" },
  },
  {
    id: "enterprise",
    title: "Enterprise Security",
    description: "A company protecting several executives and its brand.",
    features: ["Team management", "Dark web monitoring", "Hourly scans"],
    persona: { name: "Morgan Chen", occupation: "Chief Executive Officer", company: "Helix Dynamics" },
  },
];
