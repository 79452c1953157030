import type { BiometricConsentRecord, BiometricSampleRecord, SessionRecord, UserProfileRecord } from "../records.js";

/** Who signed in, as the identity provider vouches for it. */
export interface VerifiedIdentity {
  userId: string;
  username: string;
  email?: string;
  phone?: string;
}

/**
 * The sign-up and sign-in provider (Cognito). Failures are DomainErrors with messages fit to show:
 * wrong, expired and reused codes, taken usernames, wrong passwords.
 */
export interface IdentityProvider {
  signUp(input: { username: string; password: string; email?: string; phone?: string }): Promise<{
    destination: string;
  }>;
  confirmSignUp(username: string, code: string): Promise<void>;
  resendCode(username: string): Promise<{ destination: string }>;
  /** Password sign-in; an account with an authenticator app answers with its challenge instead. */
  signIn(username: string, password: string): Promise<SignedIn | MfaChallenge>;
  /** Completes a password sign-in with the authenticator app's current code. */
  answerMfaChallenge(username: string, session: string, code: string): Promise<SignedIn>;
  /** Sends a password reset code; 'not-found' when no account can receive one. */
  forgotPassword(username: string): Promise<{ destination: string }>;
  /** Sets a new password with the reset code; 'not-found' for an unknown account. */
  confirmForgotPassword(username: string, code: string, password: string): Promise<void>;
  /** Ends the provider-side session (refresh token) so it cannot mint new tokens. */
  revoke(refreshToken: string): Promise<void>;
  deleteUser(username: string): Promise<void>;
  /** Whether the account still exists and may sign in; `changedAt` moves with a new password too. */
  accountStatus(userId: string): Promise<AccountStatus>;
  /** Revokes every provider-side token of the account (Cognito global sign-out). */
  signOutEverywhere(userId: string): Promise<void>;
  /**
   * Whether a session's refresh token still stands at the provider: false once it was revoked, by
   * a global sign-out (the person's own, or an administrator's) or a sign-out of that session.
   */
  refreshTokenValid(refreshToken: string): Promise<boolean>;
}

export interface SignedIn {
  identity: VerifiedIdentity;
  refreshToken?: string;
}

/** The provider wants the authenticator app's code; `session` ties the answer to this sign-in. */
export interface MfaChallenge {
  mfaSession: string;
}

/**
 * What a signed-in person changes about their own account at the provider, acting with their
 * session's refresh token (Cognito: AssociateSoftwareToken, VerifySoftwareToken,
 * SetUserMFAPreference, UpdateUserAttributes, VerifyUserAttribute). Failures are DomainErrors.
 */
export interface AccountSecurityProvider {
  totpEnabled(userId: string): Promise<boolean>;
  /** A new authenticator secret (base32), not yet in use. */
  associateTotp(refreshToken: string): Promise<{ secret: string }>;
  /** Checks a code from the app set up with the secret, then asks for a code at every sign-in. */
  enableTotp(refreshToken: string, code: string): Promise<void>;
  disableTotp(refreshToken: string): Promise<void>;
  /** Starts a change of email or phone: a code goes to the new one, the old one stays until it is verified. */
  requestContactChange(refreshToken: string, change: ContactChange): Promise<{ destination: string }>;
  /** The code sent to the new address: the change takes effect. Returns the account's contact details now. */
  verifyContactChange(
    refreshToken: string,
    kind: ContactChange["kind"],
    code: string,
  ): Promise<{ email?: string; phone?: string }>;
  /** Puts a replaced email or phone back, verified (the undo link of a change the person did not make). */
  restoreContact(userId: string, contact: ContactChange): Promise<void>;
}

export type ContactChange = { kind: "email"; value: string } | { kind: "phone"; value: string };

export interface AccountStatus {
  state: "active" | "disabled" | "gone";
  changedAt?: Date;
}

/** A stored item with its table keys, for export and erasure that must see everything. */
export interface StoredItem {
  pk: string;
  sk: string;
  entity?: string;
  [attribute: string]: unknown;
}

/** The account's records in the single table. */
export interface AccountStore {
  getProfile(userId: string): Promise<UserProfileRecord | null>;
  putProfile(profile: UserProfileRecord): Promise<void>;

  putSession(session: SessionRecord): Promise<void>;
  getSession(sessionHash: string): Promise<SessionRecord | null>;
  deleteSession(sessionHash: string): Promise<void>;
  listSessions(userId: string): Promise<SessionRecord[]>;

  listConsents(userId: string): Promise<BiometricConsentRecord[]>;
  putConsent(consent: BiometricConsentRecord): Promise<void>;

  listSamples(userId: string): Promise<BiometricSampleRecord[]>;
  putSample(sample: BiometricSampleRecord): Promise<void>;
  deleteSample(sample: BiometricSampleRecord): Promise<void>;

  /** Every item in the user's partitions (their own and their scan findings'), whatever its entity. */
  listUserItems(userId: string): Promise<StoredItem[]>;
  deleteItems(keys: { pk: string; sk: string }[]): Promise<void>;
}
