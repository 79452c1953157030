import { z } from "zod";
import { THREAT_TYPES } from "../threats/classification-schema.js";

/**
 * The web app's notice answers (POST /api/dmca, /api/dmca/send), written once: the handlers check
 * their answers with these in tests and the web app takes its types from them (docs/architecture.md,
 * "One contract").
 */

/** A web form's field with the text to paste into it. */
export const FormField = z.object({ label: z.string(), value: z.string() });

/** How the notice leaves, as the dialog shows it: mailed by us, a form the person files, or nowhere. */
export const NoticeChannelView = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("email"), address: z.string(), label: z.string(), needsVerification: z.boolean() }),
  z.object({ kind: z.literal("web_form"), url: z.string(), label: z.string(), needsVerification: z.boolean() }),
  z.object({ kind: z.literal("none"), explanation: z.string() }),
]);

const Copyright = z.object({
  available: z.boolean(),
  /** Only originals the found media is shown to copy, and how: the same file, or a near-duplicate picture. */
  originals: z.array(
    z.object({
      sampleId: z.string(),
      modality: z.enum(["face", "voice"]),
      enrolledAt: z.string(),
      source: z.string().optional(),
      match: z.enum(["same-file", "near-duplicate"]),
    }),
  ),
  claimedSampleId: z.string().optional(),
});

/** POST /api/dmca: the notice as it would be sent, why this basis, and where it would go. */
export const DmcaDraft = z.object({
  requestContent: z.string(),
  route: z.string().optional(),
  recipient: z.string().optional(),
  noticeId: z.string().optional(),
  requiresConfirmation: z.array(z.string()).optional(),
  basis: z.object({ route: z.string(), reason: z.string(), deadlineHours: z.number().optional() }).optional(),
  channel: NoticeChannelView.optional(),
  formFields: z.array(FormField).optional(),
  copyright: Copyright.optional(),
  evidence: z.object({ threatType: z.enum(THREAT_TYPES), reason: z.string() }).optional(),
});

/** POST /api/dmca/send: "sent" once a channel accepted it; a web form comes back to be filed. */
export const SendResult = z.discriminatedUnion("state", [
  z.object({
    state: z.literal("sent"),
    sent: z.literal(true),
    recipient: z.string(),
    noticeId: z.string(),
    route: z.string(),
  }),
  z.object({
    state: z.literal("filing_needed"),
    sent: z.literal(false),
    recipient: z.string(),
    noticeId: z.string(),
    route: z.string(),
    formUrl: z.string(),
    formFields: z.array(FormField),
    requestContent: z.string(),
  }),
]);

export type FormField = z.infer<typeof FormField>;
export type NoticeChannelView = z.infer<typeof NoticeChannelView>;
export type DmcaDraft = z.infer<typeof DmcaDraft>;
export type SendResult = z.infer<typeof SendResult>;
