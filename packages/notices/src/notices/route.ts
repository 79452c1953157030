import { claimsSynthesis } from "@lg/domain/threats/claim-policy";
import type { Channel, RecipientEntry } from "../recipients/schema.js";
import { type ThreatRecord, threatEvidence } from "../threat.js";
import { isEuCountry } from "./eu-countries.js";
import type { ConfirmationKey, Confirmations, PersonIdentity, Recipient, RouteDecision } from "./types.js";

/** What the person states, per basis, for each notice (automatic takedown: see STANDING_CONFIRMATIONS). */
export const REQUIRED_CONFIRMATIONS = {
  dmca: ["ownsWork", "goodFaith", "accurate"],
  take_it_down: ["noConsent", "goodFaith", "accurate"],
  dsa_article_16: ["accurate"],
  platform_report: ["goodFaith", "accurate"],
  none: [],
} as const satisfies Record<RouteDecision["route"], readonly ConfirmationKey[]>;

// Verified channels first, then email before forms: an email can be sent directly, a form needs the person.
function channelRank(channel: Channel): number {
  return (channel.needsVerification ? 2 : 0) + (channel.kind === "email" ? 0 : 1);
}

export function pickChannel(channels: readonly Channel[]): Channel | undefined {
  return [...channels].sort((a, b) => channelRank(a) - channelRank(b))[0];
}

function decision(
  route: Exclude<RouteDecision["route"], "none">,
  entry: RecipientEntry,
  channel: Channel,
  reason: string,
  copyrightAvailable: boolean,
): RouteDecision {
  const recipient: Recipient = { kind: "channel", channel, platformName: entry.name };
  return { route, recipient, requiredConfirmations: [...REQUIRED_CONFIRMATIONS[route]], reason, copyrightAvailable };
}

function noRoute(platformName: string, explanation: string, copyrightAvailable = false): RouteDecision {
  return {
    route: "none",
    recipient: { kind: "none", platformName, explanation },
    requiredConfirmations: [],
    reason: explanation,
    copyrightAvailable,
  };
}

/** What the person asks for when they choose the basis themself. */
export interface BasisRequest {
  /** They claim copyright in one of their originals (DMCA); absent, no copyright claim is made. */
  claimCopyright?: boolean;
}

/**
 * Picks the legal basis for one threat from its evidence (docs/takedowns.md has the table):
 * 1. intimate imagery of the person (real or synthetic) on a platform serving the US: TAKE IT
 *    DOWN Act, 48-hour removal duty, unless they said they consented;
 * 2. a person in the EU and a platform bound by the DSA, or a platform serving only the EU:
 *    Article 16 notice;
 * 3. DMCA 512(c)(3) only when the person claims copyright in a named original they made or own,
 *    which the found media is shown to copy (input.ts claimableOriginals; never a synthesized likeness);
 * 4. the platform's impersonation / privacy / likeness (right of publicity) channel;
 * otherwise none, with the reason. A genuine re-upload is reported as what it is: the person's
 * likeness used without consent, never as a fake, and never as a copyright claim they did not make.
 */
export function decideRoute(
  threat: ThreatRecord,
  person: Pick<PersonIdentity, "country">,
  entry: RecipientEntry | undefined,
  confirmations: Confirmations = {},
  request: BasisRequest = {},
): RouteDecision {
  if (!entry) return noRoute(threat.platform, `No takedown channel is known for platform '${threat.platform}'.`);
  if (entry.noChannelReason) return noRoute(entry.name, entry.noChannelReason);

  const evidence = threatEvidence(threat);
  const copyright = pickChannel(entry.copyright);
  const report = pickChannel(entry.impersonation);
  // Copyright exists only in a photo or recording; an impersonating account's avatar can be the person's own photo.
  const copyrightAvailable = copyright !== undefined && confirmations.ownsWork !== false;

  const intimateChannel = pickChannel(entry.intimateImagery) ?? report ?? copyright;
  if (evidence.type === "intimate_imagery" && confirmations.noConsent !== false) {
    if (entry.jurisdiction.usCovered && intimateChannel) {
      const forgery = claimsSynthesis(evidence.synthetic) ? " (a digital forgery)" : "";
      return decision(
        "take_it_down",
        entry,
        intimateChannel,
        `Detection found an intimate depiction of you${forgery}: a TAKE IT DOWN Act removal request, which ${entry.name} must act on within 48 hours.`,
        false,
      );
    }
  }

  const dsaChannel = pickChannel(entry.dsa) ?? report ?? copyright;
  // Article 16 notices are open to anyone; they are the basis for an EU resident, and for anyone
  // where the platform serves only the EU (no US route applies there).
  const euOnly = entry.jurisdiction.euHosted && !entry.jurisdiction.usCovered;
  if ((isEuCountry(person.country) || euOnly) && entry.jurisdiction.euHosted && dsaChannel) {
    const who = isEuCountry(person.country) ? "You live in the EU and" : "The content is hosted in the EU:";
    return decision(
      "dsa_article_16",
      entry,
      dsaChannel,
      `${who} ${entry.name} is bound by the Digital Services Act: an Article 16 notice of illegal content (unlawful use of your image and personal data).`,
      copyrightAvailable,
    );
  }

  if (request.claimCopyright && copyrightAvailable && copyright) {
    return decision(
      "dmca",
      entry,
      copyright,
      "You claim copyright in your original photo or recording that this copies: a DMCA notice under 17 U.S.C. 512(c)(3), which you sign under penalty of perjury.",
      true,
    );
  }
  if (report) {
    const why =
      evidence.type === "impersonation"
        ? "an account impersonating you"
        : evidence.type === "likeness_misuse"
          ? "your genuine likeness used without your consent (privacy and right of publicity)"
          : evidence.type === "voice_clone"
            ? "a synthetic imitation of your voice (right of publicity; Tennessee's ELVIS Act names simulated voices)"
            : "synthetic media of you made without your consent (right of publicity)";
    return decision(
      "platform_report",
      entry,
      report,
      `${entry.name}'s impersonation and privacy report channel, for ${why}. No copyright claim is made.`,
      copyrightAvailable,
    );
  }
  return noRoute(
    entry.name,
    copyrightAvailable
      ? `${entry.name} accepts only copyright notices. You can send one only if you made or own the original photo or recording this copies.`
      : `${entry.name} offers no channel for this kind of report.`,
    copyrightAvailable,
  );
}
