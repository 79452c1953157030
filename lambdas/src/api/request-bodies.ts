import { ProfileSetupInput } from "@lg/domain/accounts/profile-shapes";
import { z } from "zod";
import { entityId } from "../shared/http/request.js";

/**
 * JSON bodies of the routes whose schema is not a domain input of its own. Kept apart from the
 * handlers (which load services) so test/unit/api/body-bounds.test.ts can check every bound.
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

/** PUT /api/threats/{id}/status */
export const ThreatStatusChange = z.object({
  status: z.enum(["active", "false_positive", "dismissed"], {
    message: "status must be one of active, false_positive, dismissed",
  }),
});

/** The enrolled original a person claims copyright in, for one notice (absent: no copyright claim). */
const CopyrightClaim = z.object({ sampleId: entityId("sampleId") }).optional();

/** POST /api/dmca */
export const GenerateNoticeBody = z.object({ threatId: entityId("threatId"), claimCopyright: CopyrightClaim });

/** POST /api/dmca/send */
export const SendNoticeBody = z.object({
  threatId: entityId("threatId"),
  confirmations: z.array(z.string().max(400, "Unknown confirmation")).max(32, "Too many confirmations").default([]),
  claimCopyright: CopyrightClaim,
});

/** POST /api/dmca/filed: the person filed a web-form notice themself. */
export const RecordFilingBody = z.object({ noticeId: entityId("noticeId") });

/** POST /api/demo/profile: the landing chooser's {demoType}, or the profile-setup form. */
export const DemoProfileBody = z.union([
  ProfileSetupInput,
  z.object({ demoType: z.enum(["personal", "professional", "enterprise"]) }),
]);

/** POST /api/demo/dmca: a demo threat's id, as the demo threat list gives it. */
export const DemoNoticeBody = z.object({
  threatId: z
    .string()
    .max(64, "threatId must be a demo threat's id")
    .regex(/^demo_(personal|professional|enterprise)_\d+$/, "threatId must be a demo threat's id"),
});
