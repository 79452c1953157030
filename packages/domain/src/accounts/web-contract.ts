import { z } from "zod";
import { AccountChangeUndo } from "../table/entities/account-change-undo.js";
import { MembershipTier as StoredTier } from "../table/entities/user-profile.js";

/**
 * The web app's account answers (GET /api/profile, and the parts of GET /api/stats the dashboard
 * reads from accounts/), written once: the handlers check their answers with these in tests and
 * the web app takes its types from them (docs/architecture.md, "The web contract").
 */

export const MembershipTier = StoredTier;
export const ScanFrequency = z.enum(["hourly", "daily", "weekly"]);
export const Sensitivity = z.enum(["high", "medium", "low"]);

/** What protection needs, one item each (setup-checklist.ts). */
export const ChecklistItem = z.object({
  id: z.enum(["consent", "name", "platforms", "face", "voice", "scan"]),
  label: z.string(),
  done: z.boolean(),
  todo: z.string(),
});

const ModalityCoverage = z.object({ searched: z.boolean(), notSearchedReason: z.string().optional() });

/** What is searched, where and how often, and the open threats (coverage.ts). */
export const Coverage = z.object({
  face: ModalityCoverage,
  voice: ModalityCoverage,
  platforms: z.array(z.string()),
  schedule: ScanFrequency.nullable(),
  lastScanAt: z.string().optional(),
  lastScanOutcome: z.enum(["succeeded", "failed"]).optional(),
  openThreats: z.number(),
  registeredImages: z.number().optional(),
});

export const ScanPreferences = z.object({
  socialMedia: z.boolean().optional(),
  forums: z.boolean().optional(),
  adultSites: z.boolean().optional(),
  darkWeb: z.boolean().optional(),
});

/** The settings the page reads, and any other the app stored beside them (profile-shapes.ts). */
export const NotificationSettings = z
  .object({
    email: z.boolean().optional(),
    push: z.boolean().optional(),
    sms: z.boolean().optional(),
    frequency: z.enum(["immediate", "daily", "weekly"]).optional(),
    sensitivity: Sensitivity.optional(),
  })
  .catchall(z.unknown());

export const PrivacySettings = z.object({
  zeroKnowledge: z.boolean().optional(),
  anonymousAnalytics: z.boolean().optional(),
  legalReportSharing: z.boolean().optional(),
});

export const DataExpiryDays = z.union([z.literal(30), z.literal(90), z.literal(180), z.literal(-1)]);

/** One modality's standing (biometrics/enrolment-verification.ts `modalityEnrolment`). */
export const ModalityStanding = z.object({
  enrolled: z.boolean(),
  verified: z.boolean(),
  methods: z.array(z.enum(["server-checked-capture", "client-reported", "upload"])),
  /** An unverified sample is searched, so no notice goes under the person's name on a match resting on it. */
  noticesBlocked: z.boolean(),
  restriction: z.string().optional(),
  /** A live capture of this face waits for review: the same face is verified on another account. */
  pendingReview: z.boolean().optional(),
  /** The face was verified before the live check; that no longer counts until a live check verifies it again. */
  reverifyNeeded: z.boolean().optional(),
});

export const LikenessStanding = z.object({ face: ModalityStanding, voice: ModalityStanding });

/** GET /api/profile (profile-view.ts `profileView`): stored fields, defaults, and enrolment state. */
export const Profile = z.object({
  userId: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  /** Other names and handles the person is known by, and their own official accounts (never flagged). */
  aliases: z.array(z.string()).optional(),
  handles: z.array(z.string()).optional(),
  ownAccounts: z.array(z.string()).optional(),
  /** Where the person lives: the law a notice cites depends on it (the onboarding's identity step). */
  country: z.string().optional(),
  address: z.string().optional(),
  city: z.string().optional(),
  membershipTier: MembershipTier,
  platforms: z.array(z.string()),
  scanFrequency: ScanFrequency,
  autoTakedown: z.boolean(),
  faceEnrolled: z.boolean(),
  /** Verified by the server itself: a face reported by the browser (zero-knowledge) never is. */
  faceVerified: z.boolean(),
  /** Face samples of a model scans no longer use, with nothing the server can recompute from. */
  faceRecaptureNeeded: z.boolean().optional(),
  voiceEnrolled: z.boolean(),
  voiceVerified: z.boolean().optional(),
  likenessEnrolment: LikenessStanding.optional(),
  faceEmbeddingPath: z.string().nullable().optional(),
  voiceEmbeddingPath: z.string().nullable().optional(),
  dataExpiryDays: DataExpiryDays.optional(),
  dataExpiresInDays: z.number().optional(),
  protectedPeople: z.number().optional(),
  scanPreferences: ScanPreferences.optional(),
  notificationSettings: NotificationSettings.optional(),
  privacySettings: PrivacySettings.optional(),
});

/** GET /api/auth/mfa: whether sign-in asks for an authenticator app's code (account-security.ts). */
export const MfaStatus = z.object({ enabled: z.boolean() });

/** POST /api/auth/mfa/setup: the secret to enter in an authenticator app, and the link a QR code carries. */
export const TotpSetup = z.object({ secret: z.string(), otpauthUri: z.string() });

/** GET /api/auth/contact: the addresses the account's codes and notices go to. */
export const ContactDetails = z.object({ email: z.string().optional(), phone: z.string().optional() });

/** Who is signed in (auth-service.ts `AuthUser`): the contact fields only when the account has them. */
export const AuthUser = z.object({ userId: z.string(), email: z.string().optional(), phone: z.string().optional() });

/** GET /api/auth/user: the signed-in person, or `null` for a visitor who presents no session. */
export const CurrentUser = AuthUser.nullable();

/**
 * POST /api/login, /api/auth/confirm, reset-password and mfa-challenge (signed-in.ts): signed in
 * (the session is the cookie), or, for an account with an authenticator app, what the sign-in page
 * needs to ask for the app's code.
 */
export const SignInAnswer = z.union([
  z.object({ user: AuthUser }),
  z.object({ mfaRequired: z.literal(true), username: z.string(), session: z.string() }),
]);

/** POST /api/logout and /api/logout/everywhere: the session cookie is cleared. */
export const SignedOut = z.object({ signedOut: z.literal(true) });

/** POST /api/auth/signup: the account's username and where its confirmation code went. */
export const SignUpStarted = z.object({ username: z.string(), destination: z.string() });

/** POST /api/auth/resend and forgot-password: the same words whether or not the account exists. */
export const AuthMessage = z.object({ message: z.string() });

/** POST /api/auth/contact: where the code for the new email or phone went. */
export const CodeSent = z.object({ destination: z.string() });

/** POST /api/auth/undo-change: which security change the link undid. */
export const UndoneChange = z.object({ undone: AccountChangeUndo.schema.shape.change });

/**
 * The download of GET and POST /api/account/export (export-service.ts): every stored item by kind,
 * without keys or secrets, and the sessions' times.
 */
export const AccountExport = z.object({
  exportedAt: z.string(),
  userId: z.string(),
  includesBiometrics: z.boolean(),
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string() })),
});

/** DELETE /api/account: what the erasure deleted (erasure-service.ts `AccountErasure`). */
export const AccountDeletion = z.object({
  deleted: z.object({
    samples: z.number(),
    objects: z.number(),
    objectVersions: z.number(),
    evidenceObjects: z.number(),
    evidenceObjectVersions: z.number(),
    items: z.number(),
    sessions: z.number(),
    signInAccount: z.boolean(),
    scansStopped: z.number(),
  }),
});

export type MembershipTier = z.infer<typeof MembershipTier>;
export type ScanFrequency = z.infer<typeof ScanFrequency>;
export type Sensitivity = z.infer<typeof Sensitivity>;
export type ChecklistItem = z.infer<typeof ChecklistItem>;
export type Coverage = z.infer<typeof Coverage>;
export type ScanPreferences = z.infer<typeof ScanPreferences>;
export type NotificationSettings = z.infer<typeof NotificationSettings>;
export type PrivacySettings = z.infer<typeof PrivacySettings>;
export type DataExpiryDays = z.infer<typeof DataExpiryDays>;
export type ModalityStanding = z.infer<typeof ModalityStanding>;
export type LikenessStanding = z.infer<typeof LikenessStanding>;
export type Profile = z.infer<typeof Profile>;
export type MfaStatus = z.infer<typeof MfaStatus>;
export type TotpSetup = z.infer<typeof TotpSetup>;
export type ContactDetails = z.infer<typeof ContactDetails>;
export type AuthUser = z.infer<typeof AuthUser>;
export type CurrentUser = z.infer<typeof CurrentUser>;
export type SignInAnswer = z.infer<typeof SignInAnswer>;
export type SignedOut = z.infer<typeof SignedOut>;
export type SignUpStarted = z.infer<typeof SignUpStarted>;
export type AuthMessage = z.infer<typeof AuthMessage>;
export type CodeSent = z.infer<typeof CodeSent>;
export type UndoneChange = z.infer<typeof UndoneChange>;
export type AccountExport = z.infer<typeof AccountExport>;
export type AccountDeletion = z.infer<typeof AccountDeletion>;
