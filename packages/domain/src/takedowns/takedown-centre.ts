import { DomainError } from "../errors.js";
import { NoticeStatus as NoticeStatusSchema } from "../table/entities.js";
import type { ThreatRepository } from "../threats/threat-ports.js";
import { type AutomationOutcomes, type AutomationView, automationView } from "./automation-outcome.js";
import {
  allowedActions,
  applyCaseAction,
  BASIS_LABELS,
  type CaseAction,
  escalationFor,
  legalClock,
  STATE_LABELS,
  timelineOf,
} from "./notice-case.js";
import type { NoticeRepository, NoticeStatus, TakedownEventRecord, TakedownNoticeRecord } from "./ports.js";
import { describeCheck } from "./recheck.js";
import { copyNoticeStateToThreat, type TakedownResolutionEvents } from "./threat-takedown.js";
import { KIND_ORDER, recordEvents } from "./timeline-events.js";
import type { TakedownDetail, TakedownSummary, TimelineEvent } from "./web-contract.js";

export const NOTICE_PAGE_DEFAULT = 20;
export const NOTICE_PAGE_MAX = 100;

/** The list's state filter: one status, or every case still open. */
export const NOTICE_STATE_FILTERS = ["open", ...NoticeStatusSchema.options] as const;
export type NoticeStateFilter = (typeof NOTICE_STATE_FILTERS)[number];

const OPEN: readonly NoticeStatus[] = [
  "draft",
  "filing_needed",
  "filed",
  "sent",
  "acknowledged",
  "rejected",
  "deadline_passed",
  "escalated",
];

/** The centre's answers are the web contract's (web-contract.ts), so the service cannot answer what the app does not read. */
export type { TakedownDetail, TakedownSummary, TimelineEvent };

export interface TakedownCentreDeps {
  notices: NoticeRepository;
  threats: ThreatRepository;
  /** Automatic takedowns that sent nothing, and why: listed above the notices. */
  automation?: Pick<AutomationOutcomes, "list">;
  now: () => Date;
  newId: () => string;
  /** Tells the account's webhooks a takedown ended (takedown.resolved); must not throw. */
  events?: TakedownResolutionEvents;
}

/** The takedown centre: every notice of a person with its state, timeline and clock, and their actions on it. */
export class TakedownCentre {
  constructor(private readonly deps: TakedownCentreDeps) {}

  async list(
    userId: string,
    options: { limit?: number; cursor?: string; state?: NoticeStateFilter } = {},
  ): Promise<{ items: TakedownSummary[]; nextCursor?: string; notSent?: AutomationView[] }> {
    const limit = Math.min(Math.max(options.limit ?? NOTICE_PAGE_DEFAULT, 1), NOTICE_PAGE_MAX);
    const statuses = options.state === undefined ? undefined : options.state === "open" ? OPEN : [options.state];
    const page = await this.deps.notices.page(userId, {
      limit,
      ...(options.cursor ? { cursor: options.cursor } : {}),
      ...(statuses ? { statuses } : {}),
    });
    const now = this.deps.now();
    const items = await Promise.all(page.notices.map(async (n) => this.summary(await this.withContent(n), now)));
    const notSent = options.cursor ? [] : await this.notSent(userId);
    return { items, ...(page.cursor ? { nextCursor: page.cursor } : {}), ...(notSent.length ? { notSent } : {}) };
  }

  /**
   * Threats whose automatic takedown sent nothing and that still have no notice of their own (a
   * notice the person sent since answers it), still open: with the first page, whatever the filter.
   */
  private async notSent(userId: string): Promise<AutomationView[]> {
    const outcomes = (await this.deps.automation?.list(userId)) ?? [];
    if (outcomes.length === 0) return [];
    const threats = await this.deps.threats.getMany(
      userId,
      outcomes.map((o) => o.threatId),
    );
    const open = new Map(threats.filter((t) => !t.takedown && t.status === "active").map((t) => [t.id, t]));
    // Each row names its threat (title, platform), not a bare URL (issue 36 item 10).
    return outcomes.flatMap((o) => {
      const threat = open.get(o.threatId);
      return threat ? [automationView(o, threat)] : [];
    });
  }

  async get(userId: string, noticeId: string): Promise<TakedownDetail> {
    const notice = await this.owned(userId, noticeId);
    return this.detail(notice, await this.deps.notices.events(userId, noticeId));
  }

  /** The person's action on a case; a platform's answer is recorded as reported by them. */
  async act(userId: string, noticeId: string, action: CaseAction, note?: string): Promise<TakedownDetail> {
    const notice = await this.owned(userId, noticeId);
    const now = this.deps.now();
    const next = applyCaseAction(notice, action, now, note);
    if (!(await this.deps.notices.replaceIf(next.notice, notice.status))) {
      throw new DomainError("conflict", "The case changed meanwhile; reload it and try again.");
    }
    await copyNoticeStateToThreat(this.deps.threats, next.notice, now, this.deps.events);
    await recordEvents(this.deps.notices, notice, [next.event], now, this.deps.newId);
    return this.detail(next.notice, await this.deps.notices.events(userId, noticeId));
  }

  private async owned(userId: string, noticeId: string): Promise<TakedownNoticeRecord> {
    const notice = await this.deps.notices.get(userId, noticeId);
    // Someone else's notice reads exactly like one that does not exist.
    if (!notice) throw new DomainError("not-found", "Notice not found");
    return notice;
  }

  /** Notices made before they carried their platform and URL read them from their threat. */
  private async withContent(notice: TakedownNoticeRecord): Promise<TakedownNoticeRecord> {
    if (notice.platform && notice.contentUrl) return notice;
    const threat = await this.deps.threats.get(notice.userId, notice.threatId);
    return threat ? { ...notice, platform: threat.platform, contentUrl: threat.url } : notice;
  }

  private summary(n: TakedownNoticeRecord, now: Date): TakedownSummary {
    const clock = legalClock(n, now);
    return {
      id: n.noticeId,
      threatId: n.threatId,
      basis: { route: n.route, label: BASIS_LABELS[n.route] },
      recipient: n.recipient,
      channel: n.channel ?? "email",
      state: n.status,
      stateLabel: STATE_LABELS[n.status],
      ...(n.platform ? { platform: n.platform } : {}),
      ...(n.contentUrl ? { contentUrl: n.contentUrl } : {}),
      automatic: n.automatic,
      createdAt: n.createdAt,
      ...(n.channel === "web_form" ? {} : n.sentAt ? { sentAt: n.sentAt } : {}),
      ...(n.filedAt ? { filedAt: n.filedAt } : {}),
      ...(n.removedAt ? { removedAt: n.removedAt } : {}),
      ...(n.closedAt ? { closedAt: n.closedAt } : {}),
      ...(n.nextCheckAt && n.status !== "closed" && n.status !== "removed" ? { nextCheckAt: n.nextCheckAt } : {}),
      ...(n.lastCheckedAt ? { lastCheckedAt: n.lastCheckedAt } : {}),
      ...(clock ? { clock } : {}),
    };
  }

  private async detail(notice: TakedownNoticeRecord, events: TakedownEventRecord[]): Promise<TakedownDetail> {
    const n = await this.withContent(notice);
    const ordered = timelineOf(n, events).sort(
      (a, b) => a.at.localeCompare(b.at) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
    );
    return {
      ...this.summary(n, this.deps.now()),
      noticeText: n.content,
      timeline: ordered,
      ...(n.attestation ? { attestation: n.attestation } : {}),
      ...(n.formUrl ? { formUrl: n.formUrl } : {}),
      ...(n.formFields ? { formFields: n.formFields } : {}),
      ...(n.route !== "take_it_down" && n.deadlineAt ? { followUpAt: n.deadlineAt } : {}),
      ...(n.lastCheck
        ? {
            lastCheck: {
              outcome: n.lastCheck.outcome,
              description: describeCheck(n.lastCheck),
            },
          }
        : {}),
      ...(n.timeToRemovalMs !== undefined ? { timeToRemovalMs: n.timeToRemovalMs } : {}),
      actions: allowedActions(n.status),
      escalationOptions: escalationFor(n),
    };
  }
}
