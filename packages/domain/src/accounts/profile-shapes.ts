import { z } from "zod";
import { MembershipTier } from "../table/entities.js";

/** A missing field and an empty one get the same message. */
const required = (message: string, min = 1) => z.string({ error: message }).trim().min(min, message);

/** The profile-setup payload and its messages (spec sections 3 and 5). */
export const ProfileSetupInput = z.object({
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  dateOfBirth: required("Date of birth is required"),
  phone: required("Valid phone number is required", 10),
  address: required("Address is required"),
  city: required("City is required"),
  country: required("Country is required"),
  occupation: z.string().trim().optional(),
  bio: z.string().trim().optional(),
  demoType: z.union([MembershipTier, z.literal("interactive")]).optional(),
});
export type ProfileSetupInput = z.infer<typeof ProfileSetupInput>;

export const Sensitivity = z.enum(["high", "medium", "low"]);

export const ScanPreferencesFlags = z
  .object({ socialMedia: z.boolean(), forums: z.boolean(), adultSites: z.boolean(), darkWeb: z.boolean() })
  .partial()
  .strict();

/** Other fields are kept as sent (spec: "other fields preserved"). */
export const NotificationSettings = z
  .object({
    email: z.boolean(),
    push: z.boolean(),
    sms: z.boolean(),
    frequency: z.enum(["immediate", "daily", "weekly"]),
    sensitivity: Sensitivity,
  })
  .partial()
  .catchall(z.unknown());

export const PrivacySettings = z
  .object({ zeroKnowledge: z.boolean(), anonymousAnalytics: z.boolean(), legalReportSharing: z.boolean() })
  .partial()
  .strict();

export const DataExpiryDaysInput = z.coerce
  .number()
  .int()
  .refine((v) => v === 30 || v === 90 || v === 180 || v === -1, "Auto-delete must be 30, 90, 180 days or -1 (never)")
  .transform((v) => v as 30 | 90 | 180 | -1);

/** PUT /api/profile: any of the settings sections, or the profile-setup payload. */
export const ProfileUpdateInput = z
  .object({
    scanPreferences: ScanPreferencesFlags.optional(),
    notificationSettings: NotificationSettings.optional(),
    privacySettings: PrivacySettings.optional(),
    dataExpiryDays: DataExpiryDaysInput.optional(),
  })
  .passthrough();
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

export const ScanPreferencesInput = z.object({
  platforms: z.array(z.string()).min(1, "Select at least one platform to monitor"),
  scanFrequency: z
    .string()
    .min(1, "Select scan frequency")
    .pipe(z.enum(["hourly", "daily", "weekly"])),
  alertSensitivity: z.string().min(1, "Select alert sensitivity").pipe(Sensitivity),
  autoTakedown: z.boolean().default(false),
  membershipTier: z.string().min(1, "Membership tier is required").pipe(MembershipTier),
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
