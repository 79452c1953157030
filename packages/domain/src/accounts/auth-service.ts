import { z } from "zod";
import { DomainError } from "../errors.js";
import type { UserProfileRecord } from "../records.js";
import type { AccountStore, IdentityProvider, VerifiedIdentity } from "./ports.js";
import { hashSessionToken, openSession, resolveSession } from "./sessions.js";

export interface AuthUser {
  userId: string;
  email?: string;
  phone?: string;
}

const password = z.string().min(8, "Password must be at least 8 characters").max(256);
const phone = z
  .string({ error: "Missing Information: Please enter your email or phone number" })
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ""))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, "Enter the phone number in international format, e.g. +14155550123"));

export const SignUpInput = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("email"),
    email: z
      .string({ error: "Missing Information: Please enter your email or phone number" })
      .trim()
      .toLowerCase()
      .email("Enter a valid email address"),
    password,
  }),
  z.object({ method: z.literal("phone"), phone, password }),
]);
export type SignUpInput = z.infer<typeof SignUpInput>;

export const ConfirmInput = z.object({
  username: z.string().min(1, "Username is required"),
  code: z.string().regex(/^\d{6}$/, "Invalid Code: Please enter the 6-digit verification code"),
  password,
});

export const SignInInput = z.object({
  username: z.string().trim().min(1, "Incorrect username or password"),
  password: z.string().min(1, "Incorrect username or password"),
});

export interface AuthDeps {
  identity: IdentityProvider;
  store: AccountStore;
  now: () => Date;
}

const toAuthUser = (p: UserProfileRecord): AuthUser => ({
  userId: p.userId,
  ...(p.email ? { email: p.email } : {}),
  ...(p.phone ? { phone: p.phone } : {}),
});

/** Sign-up with a real code, sign-in and sign-out; sessions are ours, tokens stay server-side. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  async signUp(input: SignUpInput): Promise<{ username: string; destination: string }> {
    const username = input.method === "email" ? input.email : input.phone;
    const { destination } = await this.deps.identity.signUp({
      username,
      password: input.password,
      ...(input.method === "email" ? { email: input.email } : { phone: input.phone }),
    });
    return { username, destination };
  }

  async confirm(input: z.infer<typeof ConfirmInput>): Promise<{ user: AuthUser; sessionToken: string }> {
    await this.deps.identity.confirmSignUp(input.username, input.code);
    return this.signIn({ username: input.username, password: input.password });
  }

  resend(username: string): Promise<{ destination: string }> {
    if (!username) throw new DomainError("invalid", "Username is required");
    return this.deps.identity.resendCode(username);
  }

  async signIn(input: z.infer<typeof SignInInput>): Promise<{ user: AuthUser; sessionToken: string }> {
    const { identity, refreshToken } = await this.deps.identity.signIn(input.username, input.password);
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

  async currentUser(sessionToken: string): Promise<AuthUser | null> {
    const userId = await resolveSession(this.deps.store, sessionToken, this.deps.now());
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
