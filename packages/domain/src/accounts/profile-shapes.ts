import { z } from "zod";
import { MembershipTier } from "../table/entities.js";

/** A missing field and an empty one get the same message; every field has a length a person needs. */
const required = (message: string, max: number, min = 1) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `${message.replace(/ is required$/, "")} is too long (at most ${max} characters)`);
const optionalText = (name: string, max: number) =>
  z.string().trim().max(max, `${name} is too long (at most ${max} characters)`).optional();

/** The profile-setup payload and its messages (spec sections 3 and 5). */
export const ProfileSetupInput = z.object({
  firstName: required("First name is required", 100),
  lastName: required("Last name is required", 100),
  dateOfBirth: required("Date of birth is required", 32),
  phone: required("Valid phone number is required", 32, 10),
  address: required("Address is required", 300),
  city: required("City is required", 100),
  country: required("Country is required", 100),
  occupation: optionalText("Occupation", 100),
  bio: optionalText("Bio", 2000),
  demoType: z.union([MembershipTier, z.literal("interactive")]).optional(),
});
export type ProfileSetupInput = z.infer<typeof ProfileSetupInput>;

export const Sensitivity = z.enum(["high", "medium", "low"]);

export const ScanPreferencesFlags = z
  .object({ socialMedia: z.boolean(), forums: z.boolean(), adultSites: z.boolean(), darkWeb: z.boolean() })
  .partial()
  .strict();

/** Other settings the app may add later: small scalar values, a bounded number of them. */
export const MAX_EXTRA_SETTINGS = 32;
const ExtraSetting = z.union([z.boolean(), z.number(), z.string().max(200, "A setting value is too long")]);

/** Other fields are kept as sent (spec: "other fields preserved"), within bounds. */
export const NotificationSettings = z
  .object({
    email: z.boolean(),
    push: z.boolean(),
    sms: z.boolean(),
    frequency: z.enum(["immediate", "daily", "weekly"]),
    sensitivity: Sensitivity,
  })
  .partial()
  .catchall(ExtraSetting)
  .refine((v) => Object.keys(v).length <= MAX_EXTRA_SETTINGS, `At most ${MAX_EXTRA_SETTINGS} notification settings`)
  .refine((v) => Object.keys(v).every((k) => k.length <= 64), "A setting name is too long (at most 64 characters)");

export const PrivacySettings = z
  .object({ zeroKnowledge: z.boolean(), anonymousAnalytics: z.boolean(), legalReportSharing: z.boolean() })
  .partial()
  .strict();

export const DataExpiryDaysInput = z.coerce
  .number()
  .int()
  .refine((v) => v === 30 || v === 90 || v === 180 || v === -1, "Auto-delete must be 30, 90, 180 days or -1 (never)")
  .transform((v) => v as 30 | 90 | 180 | -1);

/** A list of names or addresses a person gives, each trimmed and non-empty, duplicates dropped. */
const entries = (what: string, max: number, maxLength: number) =>
  z
    .array(z.string().trim().max(maxLength, `${what}: an entry is too long (at most ${maxLength} characters)`))
    .max(max, `${what}: at most ${max}`)
    .transform((list) => [...new Set(list.filter((e) => e.length > 0))]);

/**
 * Who scans look for (the onboarding's identity step, Settings): the name, the other names and
 * handles the person is known by (matched against profiles and text), and their own official
 * accounts (never flagged). A name, or at least one alias, is needed.
 */
export const IdentityInput = z
  .object({
    firstName: z.string().trim().max(100, "First name is too long (at most 100 characters)").default(""),
    lastName: z.string().trim().max(100, "Last name is too long (at most 100 characters)").default(""),
    aliases: entries("Other names", 20, 100).default([]),
    handles: entries("Handles", 20, 100).default([]),
    ownAccounts: entries("Official accounts", 20, 300).default([]),
    /** Where the person lives: which laws a notice can rest on (the EU's DSA for a resident of the EU). */
    country: optionalText("Country", 100),
    /** The postal address a notice gives for reaching the person (a DMCA notice asks for one). */
    address: optionalText("Address", 300),
    city: optionalText("City", 100),
  })
  .refine(
    (v) => (v.firstName.length > 0 && v.lastName.length > 0) || v.aliases.length > 0,
    "Enter your first and last name, or a name you are known by",
  );
export type IdentityInput = z.infer<typeof IdentityInput>;

/** A tier a client sends: read only to refuse it with a clear message (tiers come from billing). */
const ClientSentTier = z.string().max(32, "Unknown membership tier").optional();

/**
 * PUT /api/profile: any of the settings sections, or the profile-setup payload (its fields are
 * optional here, each with its bound; the service checks the whole setup form). Other keys are dropped.
 */
export const ProfileUpdateInput = z.object({
  ...ProfileSetupInput.partial().shape,
  identity: IdentityInput.optional(),
  scanPreferences: ScanPreferencesFlags.optional(),
  notificationSettings: NotificationSettings.optional(),
  privacySettings: PrivacySettings.optional(),
  dataExpiryDays: DataExpiryDaysInput.optional(),
  membershipTier: ClientSentTier,
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

export const ScanPreferencesInput = z.object({
  platforms: z
    .array(z.string().max(64, "Unknown platform"))
    .min(1, "Select at least one platform to monitor")
    .max(32, "Too many platforms"),
  scanFrequency: z
    .string()
    .min(1, "Select scan frequency")
    .max(32, "Select scan frequency")
    .pipe(z.enum(["hourly", "daily", "weekly"])),
  alertSensitivity: z.string().min(1, "Select alert sensitivity").max(32, "Select alert sensitivity").pipe(Sensitivity),
  autoTakedown: z.boolean().default(false),
  /** Refused unless it is the tier billing already gives (older clients send it): the plan is billing's. */
  membershipTier: ClientSentTier,
});
export type ScanPreferencesInput = z.infer<typeof ScanPreferencesInput>;

export const PROFILE_SETUP_FIELDS = [
  "firstName",
  "lastName",
  "dateOfBirth",
  "phone",
  "address",
  "city",
  "country",
  "occupation",
  "bio",
] as const;
