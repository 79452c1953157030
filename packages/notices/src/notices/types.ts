import type { Channel } from "../recipients/schema.js";
import type { ThreatRecord } from "../threat.js";
import type { OriginalMatch } from "./original-match.js";

export type Route = "dmca" | "take_it_down" | "dsa_article_16" | "platform_report" | "none";
export type SendableRoute = Exclude<Route, "none">;

/** Facts only the person can state; each notice route needs some of them before it can be sent. */
export interface Confirmations {
  /** They own the copyright in the original photo/recording (or act for the owner). */
  ownsWork?: boolean;
  /** They did not consent to the intimate depiction being published. */
  noConsent?: boolean;
  /** Good-faith belief that the use is not authorised (DMCA) / not consensual (TAKE IT DOWN). */
  goodFaith?: boolean;
  /** The notice is accurate (under penalty of perjury for DMCA; bona fide belief for DSA). */
  accurate?: boolean;
}
export type ConfirmationKey = keyof Confirmations;

/** Who is complaining: the person themself, or someone authorised to act for them. */
export interface NoticeSigner {
  kind: "self" | "authorised_agent";
  /** Full legal name typed as the electronic signature. */
  fullName: string;
  /** For an agent: organisation and capacity, e.g. "Counsel, Example LLP". */
  capacity?: string;
}

export interface PersonIdentity {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  address?: string;
  city?: string;
  country?: string;
}

/**
 * The person's own work a copyright notice claims: one of their enrolled (or uploaded) originals,
 * which they attest they made or own. Without it no DMCA notice is ever composed.
 */
export interface OriginalWork {
  modality: "photo" | "recording";
  /** The enrolled sample it is, so the product can show the person which original the claim names. */
  sampleId: string;
  /** When they enrolled it with LikenessGuard; shows prior existence. */
  enrolledAt: string;
  /** How the found media is shown to copy it (original-match.ts): a notice claims no more than that. */
  match: OriginalMatch;
  /** Free text from the person, e.g. "Selfie I took in 2023, posted on my Instagram". */
  description?: string;
  /** Where the original is publicly visible, if anywhere (helps the platform compare). */
  publicUrl?: string;
}

export interface NoticeInput {
  person: PersonIdentity;
  signer: NoticeSigner;
  /** Present only when the person claims copyright in this original for this notice. */
  copyrightClaim?: OriginalWork;
  threat: ThreatRecord;
  confirmations: Confirmations;
  /** Sent by automatic takedown on the person's standing statement (never for DMCA or TAKE IT DOWN). */
  automatic: boolean;
  /** Date the notice is signed (ISO); passed in so rendering stays pure. */
  signedAt: string;
}

export type Recipient =
  | { kind: "channel"; channel: Channel; platformName: string }
  | { kind: "none"; platformName: string; explanation: string };

export interface RouteDecision {
  route: Route;
  recipient: Recipient;
  requiredConfirmations: ConfirmationKey[];
  /** Plain-language reason shown to the person ("Intimate imagery: TAKE IT DOWN Act, 48 h"). */
  reason: string;
  /** A copyright notice is possible here if the person made or owns the original (they must say so). */
  copyrightAvailable: boolean;
}

/** A rendered notice: the text a person downloads or that is sent, with its parts named. */
export interface Notice {
  threatId: string;
  route: Route;
  recipient: Recipient;
  subject: string;
  /** The whole notice as plain text (the API's `requestContent`). */
  text: string;
  /** Each legally required element by name, as it appears in `text` (for review and tests). */
  elements: Record<string, string>;
}
