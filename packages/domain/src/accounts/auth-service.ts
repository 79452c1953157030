import { z } from "zod";
import { DomainError } from "../errors.js";
import type { UserProfileRecord } from "../records.js";
import type { AccountStore, IdentityProvider, SignedIn, VerifiedIdentity } from "./ports.js";
import { accountAttemptHits, RateLimitExceeded, type RateLimiter } from "./rate-limits.js";
import { ACCOUNT_RECHECK_SECONDS, endSessions, hashSessionToken, openSession, resolveSession } from "./sessions.js";

export interface AuthUser {
  userId: string;
  email?: string;
  phone?: string;
}

const password = z
  .string()
  .min(8, "Password must be at least 8 characters")
  .max(256, "Password is too long (at most 256 characters)");
/** Cognito's own bound on usernames; an email address cannot be longer (RFC 5321). */
const username = z
  .string({ error: "Username is required" })
  .trim()
  .min(1, "Username is required")
  .max(254, "Username is too long (at most 254 characters)");
const phone = z
  .string({ error: "Missing Information: Please enter your email or phone number" })
  .trim()
  .max(32, "Enter the phone number in international format, e.g. +14155550123")
  .transform((v) => v.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, "Enter the phone number in international format, e.g. +14155550123"));

export const SignUpInput = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("email"),
    email: z
      .string({ error: "Missing Information: Please enter your email or phone number" })
      .trim()
      .toLowerCase()
      .max(254, "Email address is too long (at most 254 characters)")
      .email("Enter a valid email address"),
    password,
  }),
  z.object({ method: z.literal("phone"), phone, password }),
]);
export type SignUpInput = z.infer<typeof SignUpInput>;

export const ConfirmInput = z.object({
  username,
  code: z
    .string()
    .max(6, "Invalid Code: Please enter the 6-digit verification code")
    .regex(/^\d{6}$/, "Invalid Code: Please enter the 6-digit verification code"),
  password,
});

export const SignInInput = z.object({
  username: z.string().trim().min(1, "Incorrect username or password").max(254, "Incorrect username or password"),
  password: z.string().min(1, "Incorrect username or password").max(256, "Incorrect username or password"),
});

export const ResendInput = z.object({ username });

export const MfaAnswerInput = z.object({
  username,
  session: z.string().min(1, "Sign in again").max(4096, "Sign in again"),
  code: z
    .string()
    .trim()
    .max(6, "Enter the 6-digit code from your authenticator app")
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

/** Signed in, or (an account with an authenticator app) asked for the app's code first. */
export type SignInResult =
  | { user: AuthUser; sessionToken: string }
  | { mfaRequired: true; username: string; session: string };

export const ForgotPasswordInput = z.object({ username });

export const ResetPasswordInput = z.object({
  username,
  code: z
    .string()
    .max(6, "Invalid Code: Please enter the 6-digit code we sent")
    .regex(/^\d{6}$/, "Invalid Code: Please enter the 6-digit code we sent"),
  password,
});

/** What forgot-password answers whether or not the account exists: the answer must not tell which. */
export const FORGOT_PASSWORD_ANSWER = {
  message: "If an account uses this email or phone number, a 6-digit code to reset its password has been sent to it.",
} as const;

/**
 * A reset that fails for an unknown account says what a wrong code says, so the code form cannot
 * be used to learn who has an account.
 */
const RESET_REJECTED = "Incorrect or expired code. Check the 6-digit code, or request a new one.";

/** The way in a spent per-account sign-in backstop leaves open (any username gets it alike). */
export const RESET_WAY_IN = ', or choose "Forgot password": a code sent to your email or phone signs you in';

/** What resend answers whether or not a sign-up is waiting: the answer must not tell which. */
export const RESEND_ANSWER = {
  message: "If a sign-up is waiting for this email or phone number, a new code has been sent to it.",
} as const;

const isPhoneUsername = (value: string) => /^\+[1-9]\d{6,14}$/.test(value);

export interface AuthDeps {
  identity: IdentityProvider;
  store: AccountStore;
  limiter: RateLimiter;
  now: () => Date;
  /** How long a session trusts the last account check (default ACCOUNT_RECHECK_SECONDS). */
  accountRecheckSeconds?: number;
}

const toAuthUser = (p: UserProfileRecord): AuthUser => ({
  userId: p.userId,
  ...(p.email ? { email: p.email } : {}),
  ...(p.phone ? { phone: p.phone } : {}),
});

/** Every refused sign-up code gets these words, whatever the account's state. */
export const CODE_REFUSED =
  "Incorrect verification code, or one that expired or was already used. Check the 6-digit code, or request a new one.";

/** Sign-up with a real code, sign-in and sign-out; sessions are ours, tokens stay server-side. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /** `source` is the caller's address: every step below is rate limited per account and per source. */
  async signUp(input: SignUpInput, source: string): Promise<{ username: string; destination: string }> {
    const username = input.method === "email" ? input.email : input.phone;
    await this.deps.limiter.consume(
      { rule: "signUpPerSource", subject: source },
      ...(input.method === "phone"
        ? [
            { rule: "smsPerSource" as const, subject: source },
            { rule: "smsPerNumber" as const, subject: input.phone },
          ]
        : []),
    );
    try {
      await this.deps.identity.signUp({
        username,
        password: input.password,
        ...(input.method === "email" ? { email: input.email } : { phone: input.phone }),
      });
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === "conflict")) throw error;
      // The address already has an account. Saying so would tell anyone who has one, so the answer
      // is a new sign-up's. A sign-up still waiting for its code gets a fresh one (the code screen
      // finishes it); a confirmed account gets nothing, and the code screen says to sign in or reset
      // the password when no code comes. A fresh code is a resend, under the resend limits: past
      // them nothing is sent, and the answer stays a new sign-up's (a 429 would say the address is taken).
      const underLimit = await this.deps.limiter.consume(...accountAttemptHits("resend", username, source)).then(
        () => true,
        (limitError: unknown) => {
          if (limitError instanceof RateLimitExceeded) return false;
          throw limitError;
        },
      );
      if (!underLimit) return { username, destination: username };
      await this.deps.identity.resendCode(username).catch((resendError: unknown) => {
        const hidden = resendError instanceof DomainError && resendError.kind === "conflict";
        if (!hidden) throw resendError;
      });
    }
    // The address as typed, not the provider's masked one, so the two cases read the same.
    return { username, destination: username };
  }

  async confirm(input: z.infer<typeof ConfirmInput>, source: string): Promise<SignInResult> {
    await this.deps.limiter.consume(...accountAttemptHits("code", input.username, source));
    await this.deps.identity.confirmSignUp(input.username, input.code).catch((error: unknown) => {
      // Wrong, expired, used, no such sign-up, already confirmed: one answer, or it would tell
      // whether (and how far) an account exists for the address.
      if (error instanceof DomainError && (error.kind === "invalid" || error.kind === "not-found")) {
        throw new DomainError("invalid", CODE_REFUSED);
      }
      throw error;
    });
    return this.openSignedIn(input.username, input.password);
  }

  /**
   * A fresh code when a sign-up is waiting. Unknown and already confirmed usernames get the same
   * answer as waiting ones, so resend cannot be used to learn who has an account.
   */
  async resend(username: string, source: string): Promise<typeof RESEND_ANSWER> {
    if (!username) throw new DomainError("invalid", "Username is required");
    await this.deps.limiter.consume(...this.codeSendingHits(username, source));
    try {
      await this.deps.identity.resendCode(username);
    } catch (error) {
      const hidden = error instanceof DomainError && (error.kind === "not-found" || error.kind === "conflict");
      if (!hidden) throw error;
    }
    return RESEND_ANSWER;
  }

  /**
   * Sends a reset code when the account exists. Unknown accounts, and accounts with no verified
   * email or phone to send to, get the same answer, so this cannot be used to learn who has one.
   * Counted like resend: both send a code to someone.
   */
  async forgotPassword(username: string, source: string): Promise<typeof FORGOT_PASSWORD_ANSWER> {
    await this.deps.limiter.consume(...this.codeSendingHits(username, source));
    try {
      await this.deps.identity.forgotPassword(username);
    } catch (error) {
      const hidden = error instanceof DomainError && (error.kind === "not-found" || error.kind === "conflict");
      if (!hidden) throw error;
    }
    return FORGOT_PASSWORD_ANSWER;
  }

  /** Sets the new password with the emailed or texted code, then signs in with it. */
  async resetPassword(input: z.infer<typeof ResetPasswordInput>, source: string): Promise<SignInResult> {
    await this.deps.limiter.consume(...accountAttemptHits("code", input.username, source));
    try {
      await this.deps.identity.confirmForgotPassword(input.username, input.code, input.password);
    } catch (error) {
      if (error instanceof DomainError && error.kind === "not-found") throw new DomainError("invalid", RESET_REJECTED);
      throw error;
    }
    return this.openSignedIn(input.username, input.password);
  }

  private codeSendingHits(username: string, source: string) {
    return [
      ...accountAttemptHits("resend", username, source),
      ...(isPhoneUsername(username)
        ? [
            { rule: "smsPerSource" as const, subject: source },
            { rule: "smsPerNumber" as const, subject: username },
          ]
        : []),
    ];
  }

  /**
   * Limited per account and source, so guesses from elsewhere leave the owner's own address open.
   * When the per-account backstop is spent (guessing from many addresses), the reset-by-code path
   * stays open: a code sent to the account's email or phone signs its holder in (resetPassword),
   * under the code limits, not these; the answer says so.
   */
  async signIn(input: z.infer<typeof SignInInput>, source: string): Promise<SignInResult> {
    await this.deps.limiter.consume(...accountAttemptHits("signIn", input.username, source)).catch((error: unknown) => {
      if (error instanceof RateLimitExceeded && error.spent.includes("signInPerAccount")) {
        throw new RateLimitExceeded(error.retryAfterSeconds, error.spent, RESET_WAY_IN);
      }
      throw error;
    });
    return this.openSignedIn(input.username, input.password);
  }

  /** The second step of a sign-in that asked for the authenticator app's code; counted as a code attempt. */
  async answerMfa(input: z.infer<typeof MfaAnswerInput>, source: string): Promise<SignInResult> {
    await this.deps.limiter.consume(...accountAttemptHits("code", input.username, source));
    return this.open(await this.deps.identity.answerMfaChallenge(input.username, input.session, input.code));
  }

  private async openSignedIn(username: string, password: string): Promise<SignInResult> {
    const outcome = await this.deps.identity.signIn(username, password);
    if ("mfaSession" in outcome) return { mfaRequired: true, username, session: outcome.mfaSession };
    return this.open(outcome);
  }

  private async open({ identity, refreshToken }: SignedIn): Promise<{ user: AuthUser; sessionToken: string }> {
    const profile = await this.ensureProfile(identity);
    const sessionToken = await openSession(this.deps.store, identity.userId, this.deps.now(), refreshToken);
    return { user: toAuthUser(profile), sessionToken };
  }

  async signOut(sessionToken: string): Promise<void> {
    if (!sessionToken) return;
    const hash = hashSessionToken(sessionToken);
    const session = await this.deps.store.getSession(hash);
    if (!session) return;
    await this.deps.store.deleteSession(hash);
    // The session is already gone; a provider that cannot revoke must not keep the person signed in.
    if (session.refreshToken) await this.deps.identity.revoke(session.refreshToken).catch(() => undefined);
  }

  /**
   * "Sign out of all devices": every session of the person ends here at once, and the provider's
   * global sign-out revokes every token it issued them (a session elsewhere would also find that
   * out at its next re-check).
   */
  async signOutEverywhere(sessionToken: string): Promise<void> {
    const userId = await this.userIdFor(sessionToken);
    if (!userId) return;
    await endSessions(this.deps.store, this.deps.identity, userId, { signOutEverywhere: true });
  }

  /** The user a session cookie belongs to, while the account exists, is enabled and unchanged. */
  userIdFor(sessionToken: string): Promise<string | null> {
    return resolveSession(this.deps.store, sessionToken, this.deps.now(), {
      identity: this.deps.identity,
      recheckSeconds: this.deps.accountRecheckSeconds ?? ACCOUNT_RECHECK_SECONDS,
    });
  }

  async currentUser(sessionToken: string): Promise<AuthUser | null> {
    const userId = await this.userIdFor(sessionToken);
    if (!userId) return null;
    const profile = await this.deps.store.getProfile(userId);
    return profile ? toAuthUser(profile) : null;
  }

  /** The first sign-in creates the profile; later ones keep it and refresh contact details. */
  private async ensureProfile(identity: VerifiedIdentity): Promise<UserProfileRecord> {
    const existing = await this.deps.store.getProfile(identity.userId);
    const now = this.deps.now().toISOString();
    const contact = {
      username: identity.username,
      ...(identity.email ? { email: identity.email } : {}),
      ...(identity.phone ? { phone: identity.phone } : {}),
    };
    if (existing && existing.username === identity.username) return existing;
    const profile: UserProfileRecord = existing
      ? { ...existing, ...contact, updatedAt: now }
      : newProfile(identity.userId, contact, now);
    await this.deps.store.putProfile(profile);
    return profile;
  }
}

function newProfile(userId: string, contact: Partial<UserProfileRecord>, now: string): UserProfileRecord {
  return {
    userId,
    ...contact,
    aliases: [],
    handles: [],
    ownAccounts: [],
    membershipTier: "personal",
    platforms: [],
    scanFrequency: "weekly",
    autoTakedown: false,
    scanPreferences: {},
    notificationSettings: {},
    privacySettings: {},
    createdAt: now,
    updatedAt: now,
  };
}
