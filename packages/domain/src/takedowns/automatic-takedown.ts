import { autoTakedownMaySend } from "@lg/notices";
import { DomainError } from "../errors.js";
import type { ThreatRepository } from "../threats/threat-ports.js";
import {
  AUTOMATION_SKIP_TEXT,
  type AutomationOutcomeRecord,
  type AutomationOutcomes,
  type AutomationSkip,
  needsPersonText,
} from "./automation-outcome.js";
import type { NoticeService } from "./notice-service.js";

export interface AutomaticTakedownDeps {
  notices: Pick<NoticeService, "autoTakedownBlocker" | "generate">;
  threats: Pick<ThreatRepository, "get">;
  outcomes: AutomationOutcomes;
  now: () => Date;
}

export type PreparedTakedown = { proceed: true; route: string; recipient: string } | { proceed: false; reason: string };

/**
 * The takedown workflow's Prepare step: composes the notice and decides whether it may go. A run
 * that may not send ends quietly, and where the person can do something about it the reason is
 * kept (AutoTakedownOutcome) for the threat and the takedown centre to show with the next step,
 * instead of staying in workflow logs. A threat triaged or a setting turned off needs no word.
 */
export class AutomaticTakedown {
  constructor(private readonly deps: AutomaticTakedownDeps) {}

  async prepare(userId: string, threatId: string, automatic: boolean): Promise<PreparedTakedown> {
    if (automatic) {
      const blocker = await this.deps.notices.autoTakedownBlocker(userId, threatId);
      if (blocker === "not-applicable") {
        return { proceed: false, reason: "Automatic takedown no longer applies to this threat" };
      }
      if (blocker) {
        return this.notSent(userId, threatId, "unverified-likeness", AUTOMATION_SKIP_TEXT["unverified-likeness"], {
          modality: blocker.unverified,
        });
      }
    }
    try {
      const draft = await this.deps.notices.generate(userId, threatId);
      if (draft.route === "none") {
        return this.skip(automatic, userId, threatId, "no-channel", "No channel accepts a notice for this platform");
      }
      if (automatic && !autoTakedownMaySend(draft.route, draft.channel.kind)) {
        const threat = await this.deps.threats.get(userId, threatId);
        return this.notSent(userId, threatId, "needs-person", needsPersonText(draft, threat?.platform ?? ""));
      }
      return { proceed: true, route: draft.route, recipient: draft.recipient };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (!automatic) return { proceed: false, reason: error.message };
      return this.notSent(userId, threatId, "refused", `${AUTOMATION_SKIP_TEXT.refused} ${error.message}`);
    }
  }

  private skip(automatic: boolean, userId: string, threatId: string, reason: AutomationSkip, logged: string) {
    if (!automatic) return Promise.resolve({ proceed: false as const, reason: logged });
    return this.notSent(userId, threatId, reason, AUTOMATION_SKIP_TEXT[reason]);
  }

  private async notSent(
    userId: string,
    threatId: string,
    reason: AutomationSkip,
    detail: string,
    extra: Pick<AutomationOutcomeRecord, "modality"> = {},
  ): Promise<PreparedTakedown> {
    const threat = await this.deps.threats.get(userId, threatId);
    if (threat) {
      await this.deps.outcomes.put({
        userId,
        threatId,
        reason,
        detail,
        ...extra,
        platform: threat.platform,
        contentUrl: threat.url,
        at: this.deps.now().toISOString(),
      });
    }
    return { proceed: false, reason: detail };
  }
}
