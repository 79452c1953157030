import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { DomainError } from "../errors.js";

/** How long an invitation link works; the admin invites again after that. */
export const INVITATION_VALID_DAYS = 7;

const SECRET_BYTES = 32;
// Account ids are identity-provider subjects (UUIDs) or our own ids; person ids are ours (newPersonId).
// "~" separates (no dots: a web origin treats a last path segment with a dot as a file, not an app route).
const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,64})~(p_[A-Za-z0-9]{8,40})~([A-Za-z0-9_-]{43})$/;

/** The invitation's link holds the token; the table holds only its SHA-256, as for session cookies. */
export const invitationTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export const newPersonId = () => `p_${Date.now().toString(36)}${randomBytes(6).toString("hex")}`;

/**
 * A token names the invitation it opens (account and person ids, so it is found with one keyed read)
 * and carries 256 random bits: it cannot be guessed or forged from the ids, and it works once
 * (acceptance is a conditional update that clears the stored hash) and until it expires.
 */
export function mintInvitationToken(accountId: string, personId: string): { token: string; tokenHash: string } {
  const token = `${accountId}~${personId}~${randomBytes(SECRET_BYTES).toString("base64url")}`;
  if (!TOKEN_SHAPE.test(token)) throw new Error("Account or person id cannot be carried by an invitation token");
  return { token, tokenHash: invitationTokenHash(token) };
}

export const INVALID_INVITATION =
  "This invitation link is not valid. Check that you opened the whole link, or ask for a new invitation.";

/** The ids a token names; a token of any other shape is refused with the words of an unknown one. */
export function readInvitationToken(token: string): { accountId: string; personId: string } {
  const match = TOKEN_SHAPE.exec(token);
  if (!match?.[1] || !match[2]) throw new DomainError("not-found", INVALID_INVITATION);
  return { accountId: match[1], personId: match[2] };
}

/** Whether a presented token is the one whose hash was stored (constant time). */
export function tokenMatches(token: string, storedHash: string | undefined): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(invitationTokenHash(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export const invitationExpiry = (now: Date) => new Date(now.getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60_000);
