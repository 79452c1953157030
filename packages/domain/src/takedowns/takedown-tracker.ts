import {
  type AlertEmailSender,
  type ContentFetcher,
  checkContentGone,
  type RecipientDirectory,
  renderTakedownOutcomeEmail,
} from "@lg/notices";
import { DomainError } from "../errors.js";
import type { ThreatRepository } from "../threats/threat-ports.js";
import { changeThreatStatus, type ThreatChangeEvents } from "../threats/threat-status.js";
import type { NoticeRepository, PersonRecords, TakedownNoticeRecord } from "./ports.js";
import { decideRecheck, type RecheckDecision } from "./recheck.js";
import { copyNoticeStateToThreat, type TakedownResolutionEvents } from "./threat-takedown.js";
import { recordEvents } from "./timeline-events.js";

export interface TakedownTrackerDeps {
  notices: NoticeRepository;
  threats: ThreatRepository;
  people: PersonRecords;
  fetcher: ContentFetcher;
  personMail: AlertEmailSender;
  directory: RecipientDirectory;
  appUrl: string;
  now: () => Date;
  newId: () => string;
  /** At most this many re-checks per run (the most overdue first); the rest wait for the next run. */
  maxPerRun?: number;
  /** Tells the account's webhooks a threat changed (removed) and a takedown ended; must not throw. */
  events?: ThreatChangeEvents & TakedownResolutionEvents;
}

/** Each re-check fetches a page and its media; an hourly run of this many fits the job's 5 minutes. */
export const DEFAULT_RECHECKS_PER_RUN = 100;

export interface TrackingRun {
  checked: number;
  removed: number;
  deadlinePassed: number;
  rechecked: number;
}

/**
 * The scheduled re-check of open cases: each due notice's content is fetched again; "removed" only
 * when that fetch finds it gone. Otherwise the next re-check is scheduled (backing off), past the
 * removal deadline too, until the content is gone or the person closes the case.
 */
export class TakedownTracker {
  constructor(private readonly deps: TakedownTrackerDeps) {}

  async runDue(): Promise<TrackingRun> {
    const run: TrackingRun = { checked: 0, removed: 0, deadlinePassed: 0, rechecked: 0 };
    const due = await this.deps.notices.dueForCheck(this.deps.now().toISOString());
    for (const notice of due.slice(0, this.deps.maxPerRun ?? DEFAULT_RECHECKS_PER_RUN)) {
      const decision = await this.track(notice);
      if (!decision) continue;
      run.checked += 1;
      if (decision.removed) run.removed += 1;
      else run.rechecked += 1;
      if (decision.deadlinePassed) run.deadlinePassed += 1;
    }
    return run;
  }

  private async track(notice: TakedownNoticeRecord): Promise<RecheckDecision | undefined> {
    const threat = await this.deps.threats.get(notice.userId, notice.threatId);
    if (!threat) {
      // Erased data leaves nothing to compare against: the case ends, saying why.
      const { nextCheckAt: _next, ...rest } = notice;
      const now = this.deps.now();
      if (
        await this.deps.notices.replaceIf({ ...rest, status: "closed", closedAt: now.toISOString() }, notice.status)
      ) {
        await recordEvents(
          this.deps.notices,
          notice,
          [{ kind: "closed", source: "system", detail: "The threat's data no longer exists; re-checks stopped." }],
          now,
          this.deps.newId,
        );
      }
      return undefined;
    }
    // An impersonation threat's key is "<avatar sha256>:<platform>:<handle>"; the avatar is what is served.
    const mediaSha256 = threat.mediaSha256.split(":")[0] ?? threat.mediaSha256;
    const check = await checkContentGone(notice.contentUrl ?? threat.url, mediaSha256, this.deps.fetcher);
    const now = this.deps.now();
    const decision = decideRecheck(notice, check, now);
    // The person may have closed the case while the content was being fetched: theirs wins.
    if (!(await this.deps.notices.replaceIf(decision.notice, notice.status))) return undefined;
    if (decision.notice.status !== notice.status)
      await copyNoticeStateToThreat(this.deps.threats, decision.notice, now, this.deps.events);
    await recordEvents(this.deps.notices, notice, decision.events, now, this.deps.newId);
    if (decision.removed) {
      await this.markThreatRemoved(notice, now.toISOString());
      await this.tellPerson(notice, threat.platform, {
        action: "removed",
        removedAt: now.toISOString(),
        timeToRemovalMs: decision.notice.timeToRemovalMs ?? 0,
      });
    } else if (decision.deadlinePassed && notice.deadlineAt) {
      await this.tellPerson(notice, threat.platform, {
        action: "deadline_passed",
        deadlineAt: notice.deadlineAt,
        lastCheck: check,
      });
    }
    return decision;
  }

  /** A person who reopened or triaged the threat meanwhile keeps their status; the notice still records removal. */
  private async markThreatRemoved(notice: TakedownNoticeRecord, at: string) {
    try {
      await changeThreatStatus(
        this.deps.threats,
        { userId: notice.userId, threatId: notice.threatId, to: "removed", actor: "system", reason: "content_removed" },
        () => at,
        this.deps.events,
      );
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === "conflict")) throw error;
    }
  }

  private async tellPerson(
    notice: TakedownNoticeRecord,
    platform: string,
    step: Parameters<typeof renderTakedownOutcomeEmail>[0],
  ) {
    const profile = await this.deps.people.getProfile(notice.userId);
    if (!profile?.email) return;
    const platformName = this.deps.directory.find(platform)?.name ?? platform;
    const email = renderTakedownOutcomeEmail(
      step,
      { threatId: notice.threatId, noticeId: notice.noticeId, route: notice.route, platformName },
      this.deps.appUrl,
    );
    await this.deps.personMail.send({ ...email, to: profile.email });
  }
}
