import type { Channel, RecipientEntry } from "../recipients/schema.js";
import { isIntimateImagery, type ThreatRecord } from "../threat.js";
import { isEuCountry } from "./eu-countries.js";
import type { ConfirmationKey, Confirmations, PersonIdentity, Recipient, RouteDecision } from "./types.js";

export const REQUIRED_CONFIRMATIONS = {
  dmca: ["ownsWork", "goodFaith", "accurate"],
  take_it_down: ["noConsent", "goodFaith"],
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
): RouteDecision {
  const recipient: Recipient = { kind: "channel", channel, platformName: entry.name };
  return { route, recipient, requiredConfirmations: [...REQUIRED_CONFIRMATIONS[route]], reason };
}

function noRoute(platformName: string, explanation: string): RouteDecision {
  return {
    route: "none",
    recipient: { kind: "none", platformName, explanation },
    requiredConfirmations: [],
    reason: explanation,
  };
}

/**
 * Picks the legal route for one threat. Order, and why (docs/takedowns.md has the full table):
 * 1. intimate imagery on a platform serving the US: TAKE IT DOWN Act (48 h removal duty), unless
 *    the person said they consented;
 * 2. a person in the EU and a platform bound by the DSA: Article 16 notice (covers likeness, data
 *    protection and copyright in one notice);
 * 3. a deepfake or voice clone copying the person's own photo/recording: DMCA, unless they said
 *    they do not own it;
 * 4. the platform's impersonation/privacy report;
 * 5. DMCA for an impersonating account that reuses the person's own photos;
 * otherwise none, with the reason.
 */
export function decideRoute(
  threat: ThreatRecord,
  person: Pick<PersonIdentity, "country">,
  entry: RecipientEntry | undefined,
  confirmations: Confirmations = {},
): RouteDecision {
  if (!entry) return noRoute(threat.platform, `No takedown channel is known for platform '${threat.platform}'.`);
  if (entry.noChannelReason) return noRoute(entry.name, entry.noChannelReason);

  const copyright = pickChannel(entry.copyright);
  const report = pickChannel(entry.impersonation);
  const mayClaimOwnership = confirmations.ownsWork !== false;

  const intimate = isIntimateImagery(threat, entry.adultContent) && confirmations.noConsent !== false;
  const intimateChannel = pickChannel(entry.intimateImagery) ?? report ?? copyright;
  if (intimate && entry.jurisdiction.usCovered && intimateChannel) {
    return decision("take_it_down", entry, intimateChannel, "Intimate imagery: a TAKE IT DOWN Act removal request.");
  }

  const dsaChannel = pickChannel(entry.dsa) ?? report ?? copyright;
  if (isEuCountry(person.country) && entry.jurisdiction.euHosted && dsaChannel) {
    return decision("dsa_article_16", entry, dsaChannel, "You live in the EU: a DSA Article 16 notice.");
  }

  const copiesOwnMedia = threat.threatType !== "impersonation";
  if (copiesOwnMedia && mayClaimOwnership && copyright) {
    return decision("dmca", entry, copyright, "It copies your own photo or recording: a DMCA notice.");
  }
  if (report) {
    return decision("platform_report", entry, report, `${entry.name}'s impersonation and privacy report.`);
  }
  if (mayClaimOwnership && copyright) {
    return decision("dmca", entry, copyright, "It reuses your own photo or recording: a DMCA notice.");
  }
  return noRoute(
    entry.name,
    `${entry.name} offers only a copyright channel, which needs you to own the copied photo or recording.`,
  );
}
