import { skeleton } from "../scanning/impersonation.js";
import { accountGroupKey } from "./threat-keys.js";

/**
 * When two accounts are one poster, so their threats group together across platforms.
 *
 * The rule, from what an impersonating profile shows:
 * - the same external link in the bio (where the impersonator sends people: a payment page, a
 *   scam site), unless it is one of the person's own accounts, which impersonators copy to look real;
 * - or the same handle (compared as its look-alike skeleton) with the same avatar file;
 * - or the same handle, exactly (case aside), on several platforms, when that handle imitates the
 *   person's name ("barack0bama" on X and on eBay): an impersonator takes one such name where it
 *   can, and another impersonator's name would differ in some character (issue 36 item 11);
 * - and an account the platform names by an id as well as a handle (a YouTube channel id and its
 *   @handle) is one account under both.
 *
 * Never the display name alone, nor the avatar alone: every impersonator of a person copies the
 * person's name and photo, so either would put different impersonators in one group. Every
 * account also keys its own handle on its own platform, so what it posts joins the group its
 * profile joined.
 */
export interface PosterEvidence {
  platform: string;
  handle: string;
  /** Profile text, from which external links are read. */
  bio?: string;
  /** SHA-256 of the avatar file. */
  avatarSha256?: string;
  /** Other names the platform gives the same account (the channel id a profile was looked up by). */
  alsoKnownAs?: string[];
  /** The account's name (its handle, or a channel's title) that imitates the person's (impersonation.ts: nameVariantOf). */
  imitatesName?: string;
}

// http(s) URLs, and bare links such as "t.me/x" or "ada-vip.shop": a dotted host ending in a 2-6
// letter top-level domain (so a handle like "ada.lovelace" is no link), not part of an email address.
const LINK = /\bhttps?:\/\/[^\s<>"')\]]+|(?<![@\w.-])(?:[a-z0-9-]+\.)+[a-z]{2,6}(?![\w.-])(?:\/[^\s<>"')\]]*)?/gi;

/** A link as compared: host lower-cased without "www.", path kept, query and fragment dropped, no trailing slash. */
export function normaliseLink(raw: string): string | undefined {
  const text = raw.replace(/[.,;:!?]+$/, "");
  try {
    const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    if (!host.includes(".")) return undefined;
    const path = url.pathname.replace(/\/+$/, "");
    return `${host}${path}`;
  } catch {
    return undefined;
  }
}

export function linksIn(text: string): string[] {
  return [...new Set((text.match(LINK) ?? []).flatMap((m) => normaliseLink(m) ?? []))];
}

/**
 * The keys that say which poster an account is. `own` are the person's own accounts (links and
 * handles as they entered them): a link to one of them identifies nobody.
 */
export function posterKeys(evidence: PosterEvidence, own: string[] = []): string[] {
  const handle = evidence.handle.trim().replace(/^@/, "");
  if (!handle) return [];
  const ownLinks = new Set(own.flatMap((o) => normaliseLink(o) ?? []));
  const keys = [`account:${accountGroupKey(evidence.platform, handle)}`];
  for (const other of evidence.alsoKnownAs ?? []) {
    const id = other.trim().replace(/^@/, "");
    if (id && id.toLowerCase() !== handle.toLowerCase()) keys.push(`account:${accountGroupKey(evidence.platform, id)}`);
  }
  // A name with spaces is a display name ("Barack Obama"), which fans and impersonators alike share.
  const posing = evidence.imitatesName?.trim().replace(/^@/, "").toLowerCase();
  if (posing && !/\s/.test(posing)) keys.push(`handle:${posing}`);
  for (const link of linksIn(evidence.bio ?? "")) if (!ownLinks.has(link)) keys.push(`link:${link}`);
  const name = skeleton(handle);
  if (evidence.avatarSha256 && name.length >= 3) keys.push(`face:${name}:${evidence.avatarSha256}`);
  return keys;
}

/** The account group a threat is listed in: the one the recorder joined it to, else its own poster's. */
export const accountGroupOf = (threat: { platform: string; account?: string; accountGroup?: string }) =>
  threat.accountGroup ?? (threat.account ? accountGroupKey(threat.platform, threat.account) : undefined);
