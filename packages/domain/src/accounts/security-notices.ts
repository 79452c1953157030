import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { DomainError } from "../errors.js";
import type { AccountChangeUndo } from "../table/entities.js";
import type { AccountSecurityProvider, AccountStore, IdentityProvider } from "./ports.js";
import type { RateLimiter } from "./rate-limits.js";

export type UndoRecord = z.infer<typeof AccountChangeUndo.schema>;

/** `POST /api/auth/undo-change`: the token from the notice's link. */
export const UndoChangeInput = z.object({ token: z.string().min(10).max(400) });
export type SecurityChange = UndoRecord["change"];

/** Undo links, stored by the hash of their secret; `take` deletes and returns one, so it works once. */
export interface UndoLinks {
  put(record: UndoRecord): Promise<void>;
  take(userId: string, secretHash: string): Promise<UndoRecord | null>;
}

/** Email (SES) and text (SNS) as the notices need them. */
export interface NoticeChannels {
  email(message: { to: string; subject: string; text: string }): Promise<void>;
  sms(message: { phoneNumber: string; text: string }): Promise<void>;
}

export interface SecurityNoticeDeps {
  links: UndoLinks;
  channels: NoticeChannels;
  provider: Pick<AccountSecurityProvider, "restoreContact">;
  identity: Pick<IdentityProvider, "signOutEverywhere">;
  store: AccountStore;
  limiter: RateLimiter;
  appUrl: string;
  now: () => Date;
}

/** Long enough for a person back from a week away to act on it. */
const UNDO_DAYS = 7;

const WHAT: Record<SecurityChange, string> = {
  "mfa-enabled": "A new authenticator app was set up for signing in to your LikenessGuard account.",
  "mfa-disabled": "Signing in to your LikenessGuard account no longer asks for an authenticator app code.",
  email: "The email address of your LikenessGuard account was changed.",
  phone: "The phone number of your LikenessGuard account was changed.",
};

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/**
 * Tells the account's contact of each sign-in security change, before it could be the last
 * message they get: an email or phone change is told to the old one. Each notice carries a link
 * that undoes it once: every session and provider token ends, and a replaced contact comes back.
 */
export class SecurityNotices {
  constructor(private readonly deps: SecurityNoticeDeps) {}

  async tell(userId: string, change: SecurityChange, to: { email?: string; phone?: string }) {
    const secret = randomBytes(24).toString("base64url");
    const now = this.deps.now();
    const previous = change === "email" ? to.email : change === "phone" ? to.phone : undefined;
    await this.deps.links.put({
      userId,
      secretHash: hashOf(secret),
      change,
      ...(previous ? { previous } : {}),
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + UNDO_DAYS * 86_400,
    });
    const link = `${this.deps.appUrl.replace(/\/+$/, "")}/undo-change#${userId}.${secret}`;
    const text = [
      WHAT[change],
      "",
      `If this was you, there is nothing to do. If it was not, open this link within ${UNDO_DAYS} days: ${link}`,
      change === "email" || change === "phone"
        ? "It puts this contact back, signs every device out, and you can then reset your password from it."
        : "It signs every device out; then reset your password and set up your authenticator app again.",
    ].join("\n");
    // Text messages stay short: what changed and the link.
    if (to.email) await this.deps.channels.email({ to: to.email, subject: "Your LikenessGuard sign-in changed", text });
    else if (to.phone)
      await this.deps.channels.sms({ phoneNumber: to.phone, text: `${WHAT[change]} Not you? ${link}` });
  }

  /** The link's token (`<userId>.<secret>`): undoes its change once, limited per source like codes. */
  async undo(token: string, source: string) {
    await this.deps.limiter.consume({ rule: "codePerSource", subject: source });
    const dot = token.lastIndexOf(".");
    const userId = token.slice(0, dot);
    const secret = token.slice(dot + 1);
    const record = dot > 0 && secret ? await this.deps.links.take(userId, hashOf(secret)) : null;
    if (!record || record.expiresAt * 1000 < this.deps.now().getTime()) {
      throw new DomainError("invalid", "This link has expired or was already used.");
    }
    if ((record.change === "email" || record.change === "phone") && record.previous) {
      await this.deps.provider.restoreContact(userId, { kind: record.change, value: record.previous });
      const profile = await this.deps.store.getProfile(userId);
      if (profile) {
        await this.deps.store.putProfile({
          ...profile,
          [record.change]: record.previous,
          updatedAt: this.deps.now().toISOString(),
        });
      }
    }
    await this.deps.identity.signOutEverywhere(userId);
    for (const session of await this.deps.store.listSessions(userId)) {
      await this.deps.store.deleteSession(session.sessionHash);
    }
    return { undone: record.change };
  }
}
