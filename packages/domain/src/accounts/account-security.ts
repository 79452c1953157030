import { z } from "zod";
import { DomainError } from "../errors.js";
import type { AccountSecurityProvider, AccountStore, ContactChange, IdentityProvider } from "./ports.js";
import { accountAttemptHits, type RateLimiter } from "./rate-limits.js";
import { type Reauthentication, reauthenticate } from "./reauthentication.js";
import type { SecurityChange, SecurityNotices } from "./security-notices.js";
import { hashSessionToken, openSession } from "./sessions.js";

const code = (message: string) =>
  z
    .string()
    .trim()
    .max(6, message)
    .regex(/^\d{6}$/, message);

export const TotpCodeInput = z.object({ code: code("Enter the 6-digit code from your authenticator app") });

export const ContactChangeInput = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("email"),
    value: z.string().trim().toLowerCase().max(254, "Email address is too long").email("Enter a valid email address"),
  }),
  z.object({
    kind: z.literal("phone"),
    value: z
      .string()
      .trim()
      .max(32, "Enter the phone number in international format, e.g. +14155550123")
      .transform((v) => v.replace(/[\s().-]/g, ""))
      .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, "Enter the phone number in international format, e.g. +14155550123")),
  }),
]);

export const ContactVerifyInput = z.object({
  kind: z.enum(["email", "phone"]),
  code: code("Enter the 6-digit code we sent to the new address"),
});

const contactOf = (profile: { email?: string; phone?: string } | null) => ({
  ...(profile?.email ? { email: profile.email } : {}),
  ...(profile?.phone ? { phone: profile.phone } : {}),
});

/** The issuer authenticator apps show beside the account. */
const ISSUER = "LikenessGuard";

export interface AccountSecurityDeps {
  provider: AccountSecurityProvider;
  store: AccountStore;
  limiter: RateLimiter;
  /** Password sign-in, for the fresh proof a sensitive change asks for. */
  identity: Pick<IdentityProvider, "signIn" | "answerMfaChallenge" | "revoke">;
  /** Tells the account's contact (the old one, for a contact change) of each change, with an undo link. */
  notices: Pick<SecurityNotices, "tell">;
  /** The signed-in user of a session cookie, with the account re-checked (AuthService.userIdFor). */
  userIdFor(sessionToken: string): Promise<string | null>;
  now: () => Date;
}

/**
 * A signed-in person's own account security: an authenticator app asked for at sign-in (TOTP),
 * and a new email or phone that replaces the old one only once its code is entered. Each change
 * is made with the session's own provider token. The session that made a change is reopened (a new
 * cookie); turning the app on or moving the email or phone signs every other device out at once
 * (sessions deleted, their provider tokens revoked).
 */
export class AccountSecurityService {
  constructor(private readonly deps: AccountSecurityDeps) {}

  async mfaStatus(sessionToken: string) {
    const { userId } = await this.signedIn(sessionToken);
    return { enabled: await this.deps.provider.totpEnabled(userId) };
  }

  /**
   * A new secret for the person's authenticator app, with the otpauth:// link apps read from a QR
   * code. Asks for the password (and the current app's code): set up by a stolen session, an app
   * of the thief's would lock the person out of their own sign-in.
   */
  async startTotp(sessionToken: string, proof: Reauthentication, source: string) {
    const { userId, refreshToken } = await this.signedIn(sessionToken);
    const profile = await this.reauthenticated(userId, proof, source);
    const { secret } = await this.deps.provider.associateTotp(refreshToken);
    const label = encodeURIComponent(`${ISSUER}:${profile?.email ?? profile?.phone ?? userId}`);
    return { secret, otpauthUri: `otpauth://totp/${label}?secret=${secret}&issuer=${ISSUER}` };
  }

  async enableTotp(sessionToken: string, input: z.infer<typeof TotpCodeInput>) {
    const session = await this.signedIn(sessionToken);
    await this.deps.limiter.consume({ rule: "codePerAccount", subject: session.userId });
    await this.deps.provider.enableTotp(session.refreshToken, input.code);
    await this.tell(session.userId, "mfa-enabled");
    const next = await this.reopen(sessionToken, session);
    // Sessions opened with the password alone end: from now on a session needs the app's code too.
    await this.endOtherSessions(session, next);
    return { enabled: true, sessionToken: next };
  }

  async disableTotp(sessionToken: string, proof: Reauthentication, source: string) {
    const session = await this.signedIn(sessionToken);
    await this.reauthenticated(session.userId, proof, source);
    await this.deps.provider.disableTotp(session.refreshToken);
    await this.tell(session.userId, "mfa-disabled");
    return { enabled: false, sessionToken: await this.reopen(sessionToken, session) };
  }

  async contact(sessionToken: string) {
    const { userId } = await this.signedIn(sessionToken);
    return contactOf(await this.deps.store.getProfile(userId));
  }

  /** Sends a code to the new email or phone; until it is entered, the old one stays in use. */
  async requestContactChange(sessionToken: string, change: ContactChange, proof: Reauthentication, source: string) {
    const { userId, refreshToken } = await this.signedIn(sessionToken);
    await this.reauthenticated(userId, proof, source);
    await this.deps.limiter.consume(
      ...accountAttemptHits("resend", userId, source),
      ...(change.kind === "phone"
        ? [
            { rule: "smsPerSource" as const, subject: source },
            { rule: "smsPerNumber" as const, subject: change.value },
          ]
        : []),
    );
    return this.deps.provider.requestContactChange(refreshToken, change).catch((error: unknown) => {
      // "Another account uses it" would tell who has an account: answered as sent; no code comes.
      if (error instanceof DomainError && error.kind === "conflict") return { destination: change.value };
      throw error;
    });
  }

  async verifyContactChange(sessionToken: string, input: z.infer<typeof ContactVerifyInput>) {
    const session = await this.signedIn(sessionToken);
    await this.deps.limiter.consume({ rule: "codePerAccount", subject: session.userId });
    const contact = await this.deps.provider
      .verifyContactChange(session.refreshToken, input.kind, input.code)
      .catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === "conflict") {
          throw new DomainError(
            "invalid",
            "That code is not right. Enter the 6-digit code we sent to the new address.",
          );
        }
        throw error;
      });
    const profile = await this.deps.store.getProfile(session.userId);
    // The old address hears of it: it is the one the thief of a session would want silent.
    await this.deps.notices.tell(session.userId, input.kind, contactOf(profile));
    if (profile) {
      const { email: _e, phone: _p, ...rest } = profile;
      await this.deps.store.putProfile({
        ...rest,
        ...(contact.email ? { email: contact.email } : {}),
        ...(contact.phone ? { phone: contact.phone } : {}),
        updatedAt: this.deps.now().toISOString(),
      });
    }
    const next = await this.reopen(sessionToken, session);
    // At once, not at each session's next re-check: a thief's device must not outlive the change of the
    // address that would let the owner recover the account.
    await this.endOtherSessions(session, next);
    return { ...contact, sessionToken: next };
  }

  /** The account's profile once the person proved the password (and app code) afresh. */
  private async reauthenticated(userId: string, proof: Reauthentication, source: string) {
    const profile = await this.deps.store.getProfile(userId);
    if (!profile?.username)
      throw new DomainError("unauthorized", "Sign in again to change your account's security settings");
    await reauthenticate(this.deps, { userId, username: profile.username }, proof, source);
    return profile;
  }

  private async tell(userId: string, change: SecurityChange) {
    await this.deps.notices.tell(userId, change, contactOf(await this.deps.store.getProfile(userId)));
  }

  private async signedIn(sessionToken: string) {
    const userId = await this.deps.userIdFor(sessionToken);
    const session = userId ? await this.deps.store.getSession(hashSessionToken(sessionToken)) : null;
    if (!userId || !session) throw new DomainError("unauthorized", "Unauthorized");
    if (!session.refreshToken) {
      throw new DomainError("unauthorized", "Sign in again to change your account's security settings");
    }
    return { userId, refreshToken: session.refreshToken };
  }

  private async endOtherSessions(session: { userId: string; refreshToken: string }, keep: string) {
    const kept = hashSessionToken(keep);
    for (const other of await this.deps.store.listSessions(session.userId)) {
      if (other.sessionHash === kept) continue;
      await this.deps.store.deleteSession(other.sessionHash);
      // The kept session goes on with its own provider token; only the others' are revoked.
      if (other.refreshToken && other.refreshToken !== session.refreshToken) {
        await this.deps.identity.revoke(other.refreshToken).catch(() => undefined);
      }
    }
  }

  /** The session that made a change goes on under a new cookie opened after it. */
  private async reopen(sessionToken: string, session: { userId: string; refreshToken: string }) {
    const next = await openSession(this.deps.store, session.userId, this.deps.now(), session.refreshToken);
    await this.deps.store.deleteSession(hashSessionToken(sessionToken));
    return next;
  }
}
