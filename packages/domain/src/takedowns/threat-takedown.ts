import type { ThreatRecord, ThreatRepository } from "../threats/threat-ports.js";
import type { TakedownNoticeRecord } from "./ports.js";

/** What a threat carries of its latest notice, for the list's takedown badge. */
export type ThreatTakedownRecord = NonNullable<ThreatRecord["takedown"]>;

/** The parts of a notice its threat's copy is made of (a migration reads only these). */
export type NoticeState = Pick<
  TakedownNoticeRecord,
  | "userId"
  | "noticeId"
  | "threatId"
  | "status"
  | "channel"
  | "createdAt"
  | "sentAt"
  | "filedAt"
  | "removedAt"
  | "closedAt"
  | "lastCheckedAt"
>;

/**
 * The threat's copy of a notice that changed at `changedAt`; none for a draft, which nothing has
 * accepted yet (the threat shows no takedown for it, as its details do not).
 */
export function threatTakedownOf(notice: NoticeState, changedAt: string): ThreatTakedownRecord | undefined {
  if (notice.status === "draft") return undefined;
  return {
    noticeId: notice.noticeId,
    state: notice.status,
    noticeCreatedAt: notice.createdAt,
    changedAt,
    // A web form was never "sent": its sentAt is the filing time the removal clock runs from.
    ...(notice.sentAt && notice.channel !== "web_form" ? { sentAt: notice.sentAt } : {}),
    ...(notice.filedAt ? { filedAt: notice.filedAt } : {}),
  };
}

/**
 * Whether `next` replaces the threat's `current` copy: its first notice, a newer notice (the threat
 * shows its latest, as its details do), or a later state of the same notice. Copies of one notice
 * can land out of order (a re-check and the person acting at once; a migration reading before a
 * transition), so the later `changedAt` wins; at the same instant, a different state is a new step.
 */
export function replacesTakedown(current: ThreatTakedownRecord | undefined, next: ThreatTakedownRecord): boolean {
  if (!current) return true;
  if (current.noticeId !== next.noticeId) return current.noticeCreatedAt < next.noticeCreatedAt;
  return current.changedAt < next.changedAt || (current.changedAt === next.changedAt && current.state !== next.state);
}

/** The states in which a takedown has ended: the content came down, the platform refused, the person closed it. */
export const RESOLVED_NOTICE_STATES: ReadonlySet<NoticeState["status"]> = new Set(["removed", "rejected", "closed"]);

/**
 * Tells the account's integrations (webhooks: takedown.resolved) that a notice reached a resolved
 * state. It must not throw: the notice's state stands whatever an integration does with it.
 */
export interface TakedownResolutionEvents {
  takedownResolved(userId: string, noticeId: string): Promise<void>;
}

/**
 * Copies a notice's new state onto its threat, in the service that changed the notice: the one
 * place every notice transition passes, so a resolution is told here (once per state it reaches;
 * a stale copy, which the threat does not take, tells nothing).
 */
export async function copyNoticeStateToThreat(
  threats: Pick<ThreatRepository, "recordTakedown">,
  notice: NoticeState,
  at: Date,
  events?: TakedownResolutionEvents,
): Promise<boolean> {
  const iso = at.toISOString();
  const takedown = threatTakedownOf(notice, iso);
  if (!takedown) return false;
  const copied = await threats.recordTakedown(notice.userId, notice.threatId, takedown, iso);
  if (copied && RESOLVED_NOTICE_STATES.has(notice.status))
    await events?.takedownResolved(notice.userId, notice.noticeId);
  return copied;
}

/**
 * The migration's time for a stored notice's copy: its last recorded change. Later transitions
 * are stamped with their own (later) time, so a copy made from a notice read before one of them
 * never overwrites it.
 */
export function lastKnownChange(notice: NoticeState): string {
  const times = [
    notice.createdAt,
    notice.sentAt,
    notice.filedAt,
    notice.removedAt,
    notice.closedAt,
    notice.lastCheckedAt,
  ];
  return times.filter((t): t is string => t !== undefined).reduce((a, b) => (a > b ? a : b));
}

/** Every stored notice past draft, in any order, for the migration. */
export interface StoredNoticeStates {
  pages(): AsyncIterable<NoticeState[]>;
}

/**
 * Gives threats stored before the list carried takedown states the state of their latest notice.
 * Idempotent: a copy already there (or a newer one) is not written again.
 */
export async function backfillThreatTakedowns(
  stored: StoredNoticeStates,
  threats: Pick<ThreatRepository, "recordTakedown">,
  now: () => Date,
): Promise<{ examined: number; copied: number }> {
  const run = { examined: 0, copied: 0 };
  for await (const page of stored.pages()) {
    for (const notice of page) {
      run.examined += 1;
      const takedown = threatTakedownOf(notice, lastKnownChange(notice));
      if (!takedown) continue;
      if (await threats.recordTakedown(notice.userId, notice.threatId, takedown, now().toISOString())) run.copied += 1;
    }
  }
  return run;
}
