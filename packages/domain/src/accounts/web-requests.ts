import { z } from "zod";
import type { ContactChangeInput, ContactVerifyInput, TotpCodeInput } from "./account-security.js";
import type * as auth from "./auth-service.js";
import type { ProfileUpdateInput, ScanPreferencesInput } from "./profile-shapes.js";
import { Reauthentication } from "./reauthentication.js";
import type { UndoChangeInput } from "./security-notices.js";

/**
 * What the web app sends to the account routes that have no input module of their own, written
 * once: the handlers validate with these (same messages) and the web app types the bodies it sends
 * from them (docs/architecture.md, "The web contract").
 */

/** POST /api/account/export: the download with biometric templates, given fresh proof. */
export const BiometricsExport = Reauthentication.extend({ include: z.literal("biometrics") });

export type BiometricsExportRequest = z.input<typeof BiometricsExport>;

/*
 * The bodies of the sign-in, sign-up and account-security routes, as the web app sends them: their
 * schemas live with the services that take them (auth-service.ts, account-security.ts,
 * security-notices.ts, reauthentication.ts).
 */
export type SignInRequest = z.input<typeof auth.SignInInput>;
export type MfaAnswerRequest = z.input<typeof auth.MfaAnswerInput>;
export type SignUpRequest = z.input<typeof auth.SignUpInput>;
export type ConfirmRequest = z.input<typeof auth.ConfirmInput>;
export type ResendRequest = z.input<typeof auth.ResendInput>;
export type ForgotPasswordRequest = z.input<typeof auth.ForgotPasswordInput>;
export type ResetPasswordRequest = z.input<typeof auth.ResetPasswordInput>;
export type TotpCodeRequest = z.input<typeof TotpCodeInput>;
export type ContactChangeRequest = z.input<typeof ContactChangeInput> & z.input<typeof Reauthentication>;
export type ContactVerifyRequest = z.input<typeof ContactVerifyInput>;
export type UndoChangeRequest = z.input<typeof UndoChangeInput>;
export type ReauthenticationRequest = z.input<typeof Reauthentication>;

/** PUT /api/profile (one settings section, or the profile-setup fields) and POST /api/scan-preferences (profile-shapes.ts). */
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateInput>;
export type ScanPreferencesRequest = z.input<typeof ScanPreferencesInput>;
