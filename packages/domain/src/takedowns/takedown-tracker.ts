import {
  type AlertEmailSender,
  type ContentFetcher,
  checkContentGone,
  nextTrackingStep,
  type RecipientDirectory,
  renderTakedownOutcomeEmail,
} from "@lg/notices";
import { DomainError } from "../errors.js";
import type { ThreatRepository } from "../scanning/threat-ports.js";
import { changeThreatStatus } from "../scanning/threat-status.js";
import type { NoticeRepository, PersonRecords, TakedownNoticeRecord } from "./ports.js";

export interface TakedownTrackerDeps {
  notices: NoticeRepository;
  threats: ThreatRepository;
  people: PersonRecords;
  fetcher: ContentFetcher;
  personMail: AlertEmailSender;
  directory: RecipientDirectory;
  appUrl: string;
  now: () => Date;
}

export interface TrackingRun {
  checked: number;
  removed: number;
  deadlinePassed: number;
  rechecked: number;
}

/** The hourly re-check of sent notices: removed, not yet (check later), or past the deadline. */
export class TakedownTracker {
  constructor(private readonly deps: TakedownTrackerDeps) {}

  async runDue(): Promise<TrackingRun> {
    const run: TrackingRun = { checked: 0, removed: 0, deadlinePassed: 0, rechecked: 0 };
    const due = await this.deps.notices.dueForCheck(this.deps.now().toISOString());
    for (const notice of due) {
      const action = await this.track(notice);
      if (!action) continue;
      run.checked += 1;
      if (action === "removed") run.removed += 1;
      else if (action === "deadline_passed") run.deadlinePassed += 1;
      else run.rechecked += 1;
    }
    return run;
  }

  private async track(notice: TakedownNoticeRecord) {
    const { sentAt, deadlineAt } = notice;
    const threat = await this.deps.threats.get(notice.userId, notice.threatId);
    // Erased accounts leave no threat; the notice has nothing left to track.
    if (!threat || !sentAt || !deadlineAt) {
      await this.deps.notices.put({ ...notice, status: "escalated", nextCheckAt: undefined });
      return undefined;
    }
    const check = await checkContentGone(threat.url, threat.mediaSha256, this.deps.fetcher);
    const now = this.deps.now();
    const step = nextTrackingStep({ route: notice.route, sentAt, deadlineAt }, check, now);
    if (step.action === "recheck") {
      await this.deps.notices.put({ ...notice, nextCheckAt: step.nextCheckAt });
      return step.action;
    }
    if (step.action === "removed") {
      await this.deps.notices.put({
        ...notice,
        status: "removed",
        removedAt: step.removedAt,
        timeToRemovalMs: step.timeToRemovalMs,
        nextCheckAt: undefined,
      });
      await this.markThreatRemoved(notice, step.removedAt);
    } else {
      await this.deps.notices.put({ ...notice, status: "deadline_passed", nextCheckAt: undefined });
    }
    await this.tellPerson(notice, threat.platform, step);
    return step.action;
  }

  /** A person who reopened or triaged the threat meanwhile keeps their status; the notice still records removal. */
  private async markThreatRemoved(notice: TakedownNoticeRecord, at: string) {
    try {
      await changeThreatStatus(
        this.deps.threats,
        { userId: notice.userId, threatId: notice.threatId, to: "removed", actor: "system", reason: "content_removed" },
        () => at,
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
      { threatId: notice.threatId, route: notice.route, platformName },
      this.deps.appUrl,
    );
    await this.deps.personMail.send({ ...email, to: profile.email });
  }
}
