import { z } from "zod";

/**
 * What the web app sends to the biometric routes, written once: the handlers validate with these
 * (same messages) and the web app types the bodies it sends from them (docs/architecture.md, "The web contract").
 */

/** POST /api/consent */
export const GiveConsent = z.object({
  version: z.string().min(1, "Consent version is required").max(64, "Unknown consent version"),
  agree: z.literal(true, { error: "You must agree to the biometric consent to continue" }),
});

/** POST /api/upload/{face,voice}: the file the page is about to send (its size is signed into the URL). */
export const CreateUpload = z.object({
  size: z
    .number({ error: "size must be the file's size in bytes" })
    .int("size must be the file's size in bytes")
    .positive("size must be the file's size in bytes, at least 1")
    .max(Number.MAX_SAFE_INTEGER, "size must be the file's size in bytes"),
  contentType: z.string().max(255, "contentType must be a MIME type").optional(),
});

/** PUT /api/biometric/{face,voice} */
export const RegisterUpload = z.object({
  uploadURL: z
    .string()
    .max(2048, "uploadURL must be the URL the upload was sent to")
    .url("uploadURL must be the URL the upload was sent to"),
});

export type GiveConsentBody = z.input<typeof GiveConsent>;
export type CreateUploadBody = z.input<typeof CreateUpload>;
export type RegisterUploadBody = z.input<typeof RegisterUpload>;
