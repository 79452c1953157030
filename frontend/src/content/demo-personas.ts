import type { MembershipTier } from "../api/types";

/** Demo chooser cards (spec section 2, landing): illustrative personas for the no-login demo. */
export interface DemoPersonaCard {
  id: MembershipTier;
  title: string;
  description: string;
  features: [string, string, string];
  persona: { name: string; occupation: string; followers?: string; company?: string };
}

export const DEMO_PERSONAS: DemoPersonaCard[] = [
  {
    id: "personal",
    title: "Individual Protection",
    description: "A creator protecting their face and voice on social media.",
    features: ["Social media monitoring", "Basic AI training", "Email alerts"],
    persona: { name: "Sarah Johnson", occupation: "Content creator", followers: "125K followers" },
  },
  {
    id: "professional",
    title: "Professional Shield",
    description: "An executive whose public profile attracts impersonators.",
    features: ["Advanced AI training", "Professional platforms", "Priority support"],
    persona: { name: "Michael Chen", occupation: "Chief Marketing Officer", company: "TechCorp" },
  },
  {
    id: "enterprise",
    title: "Enterprise Security",
    description: "A company protecting several executives and its brand.",
    features: ["Team management", "Custom integration", "Dedicated support"],
    persona: { name: "Emily Rodriguez", occupation: "Head of Security", company: "Global Media Inc." },
  },
];
