import { z } from "zod";
import { AutoTakedownOutcome } from "../table/entities/auto-takedown-outcome.js";
import { TakedownEvent } from "../table/entities/takedown-event.js";
import { TakedownNotice } from "../table/entities/takedown-notice.js";
import { THREAT_TYPES } from "../threats/classification-schema.js";

/**
 * The web app's notice answers (POST /api/dmca, /api/dmca/send, the takedown centre's GET
 * /api/takedowns, /api/takedowns/{id} and POST /api/takedowns/{id}/actions), written once: the handlers check
 * their answers with these in tests and the web app takes its types from them (docs/architecture.md,
 * "The web contract").
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

const notice = TakedownNotice.schema.shape;

/** A notice's legal removal clock (notice-case.ts `legalClock`). */
export const LegalClock = z.object({
  law: z.literal("take_it_down"),
  hours: z.number(),
  startedAt: z.string(),
  deadlineAt: z.string(),
  /** Milliseconds left at `now`; 0 once it ran out. */
  remainingMs: z.number(),
  state: z.enum(["running", "met", "missed", "stopped"]),
});

/** What the person may do with a case (notice-case.ts `allowedActions`). */
export const CaseAction = z.enum(["close", "acknowledged", "rejected", "escalate"]);

/** A row of the takedown centre (takedown-centre.ts `TakedownSummary`). */
export const TakedownSummary = z.object({
  id: z.string(),
  threatId: z.string(),
  basis: z.object({ route: notice.route, label: z.string() }),
  recipient: z.string(),
  /** How it left: mailed by us, or a web form the person files. */
  channel: z.enum(["email", "web_form"]),
  state: notice.status,
  stateLabel: z.string(),
  platform: z.string().optional(),
  contentUrl: z.string().optional(),
  automatic: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().optional(),
  filedAt: z.string().optional(),
  removedAt: z.string().optional(),
  closedAt: z.string().optional(),
  /** When the content is fetched again; absent once the case has ended or before the notice left. */
  nextCheckAt: z.string().optional(),
  lastCheckedAt: z.string().optional(),
  clock: LegalClock.optional(),
});

/** One step of a notice's life, as stored less its keys (table/entities/takedown-event.ts). */
export const TimelineEvent = TakedownEvent.schema.omit({ userId: true, noticeId: true });

/** GET /api/takedowns/{id}, and POST .../actions: one notice with its text, timeline and what may follow. */
export const TakedownDetail = TakedownSummary.extend({
  /** The notice exactly as it was sent (or is to be filed). */
  noticeText: z.string(),
  timeline: z.array(TimelineEvent),
  attestation: notice.attestation,
  formUrl: z.string().optional(),
  formFields: z.array(FormField).optional(),
  /** LikenessGuard's own follow-up point for bases the law gives no clock (not a legal deadline). */
  followUpAt: z.string().optional(),
  lastCheck: z.object({ outcome: z.enum(["gone", "present", "inconclusive"]), description: z.string() }).optional(),
  timeToRemovalMs: z.number().optional(),
  actions: z.array(CaseAction),
  escalationOptions: z.array(z.string()),
});

const outcome = AutoTakedownOutcome.schema.shape;

/** An open threat whose automatic takedown sent nothing, and why (automation-outcome.ts `automationView`). */
export const AutomationOutcome = z.object({
  threatId: z.string(),
  /** The threat's title, where the takedown centre lists it. */
  threatTitle: z.string().optional(),
  reason: outcome.reason,
  detail: z.string(),
  modality: outcome.modality,
  platform: z.string(),
  contentUrl: z.string(),
  at: z.string(),
});

/** GET /api/takedowns: the person's notices newest first, a page at a time. */
export const TakedownPage = z.object({
  items: z.array(TakedownSummary),
  nextCursor: z.string().optional(),
  /** With the first page: open threats whose automatic takedown sent nothing, and why. */
  notSent: z.array(AutomationOutcome).optional(),
});

export type FormField = z.infer<typeof FormField>;
export type LegalClock = z.infer<typeof LegalClock>;
export type CaseAction = z.infer<typeof CaseAction>;
/** POST /api/dmca/filed: the web-form notice the person filed themself, recorded. */
export const RecordedFiling = z.object({ state: z.literal("filed"), noticeId: z.string(), filedAt: z.string() });

export type TakedownSummary = z.infer<typeof TakedownSummary>;
export type TimelineEvent = z.infer<typeof TimelineEvent>;
export type TakedownDetail = z.infer<typeof TakedownDetail>;
export type AutomationOutcome = z.infer<typeof AutomationOutcome>;
export type TakedownPage = z.infer<typeof TakedownPage>;
export type NoticeChannelView = z.infer<typeof NoticeChannelView>;
export type DmcaDraft = z.infer<typeof DmcaDraft>;
export type RecordedFiling = z.infer<typeof RecordedFiling>;
export type SendResult = z.infer<typeof SendResult>;
