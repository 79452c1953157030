import { TakedownDetail } from "@lg/domain/takedowns/web-contract";
import type { TakedownActionRequest } from "@lg/domain/takedowns/web-requests";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { toast } from "../../ui/toast-store";
import { platformName } from "../platforms/catalogue";
import { THREATS_KEY } from "../threats/queries";
import { ACTION_LABELS, CHANNEL_LABELS, formatDateTime, formatDuration, stateBadgeClass } from "./format";
import { LegalClockView } from "./LegalClockView";
import { TAKEDOWNS_KEY } from "./queries";
import { TakedownTimeline } from "./TakedownTimeline";
import type { CaseAction } from "./types";

const DONE: Record<CaseAction, string> = {
  acknowledged: "Recorded: the platform acknowledged your notice",
  rejected: "Recorded: the platform rejected your notice",
  escalate: "Recorded: you escalated this case",
  close: "Case closed: re-checks stopped",
};

/** One notice: its basis, recipient, channel, dates, clock, next re-check, timeline, the text as sent, and actions. */
export function TakedownDetailPanel({ notice }: { notice: TakedownDetail }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const noteId = useId();
  const act = useMutation({
    mutationFn: (action: CaseAction) =>
      apiJson(
        "POST",
        `/api/takedowns/${encodeURIComponent(notice.id)}/actions`,
        { action, ...(note.trim() ? { note: note.trim() } : {}) } satisfies TakedownActionRequest,
        TakedownDetail,
      ),
    onSuccess: async (updated, action) => {
      queryClient.setQueryData([...TAKEDOWNS_KEY, notice.id], updated);
      setNote("");
      toast({ title: DONE[action] });
      // The threat list's rows carry each notice's state too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: TAKEDOWNS_KEY, exact: false }),
        queryClient.invalidateQueries({ queryKey: THREATS_KEY }),
      ]);
    },
    onError: (error) => toast({ title: "Not recorded", description: serverMessage(error), variant: "destructive" }),
  });

  return (
    <article className="card takedown-detail" aria-labelledby={`${noteId}-title`}>
      <div className="takedown-row-head">
        <h2 id={`${noteId}-title`}>{notice.basis.label}</h2>
        <span className={stateBadgeClass(notice.state)}>{notice.stateLabel}</span>
      </div>
      <dl className="detail-grid">
        <div>
          <dt>Recipient</dt>
          <dd>{notice.recipient}</dd>
        </div>
        <div>
          <dt>Channel</dt>
          <dd>{CHANNEL_LABELS[notice.channel]}</dd>
        </div>
        {notice.platform ? (
          <div>
            <dt>Platform</dt>
            <dd>{platformName(notice.platform)}</dd>
          </div>
        ) : null}
        {notice.contentUrl ? (
          <div>
            <dt>Reported content</dt>
            <dd className="break-all">{notice.contentUrl}</dd>
          </div>
        ) : null}
        <div>
          <dt>Created</dt>
          <dd>{formatDateTime(notice.createdAt)}</dd>
        </div>
        {notice.sentAt ? (
          <div>
            <dt>Sent</dt>
            <dd>{formatDateTime(notice.sentAt)}</dd>
          </div>
        ) : null}
        {notice.filedAt ? (
          <div>
            <dt>Filed by you</dt>
            <dd>{formatDateTime(notice.filedAt)}</dd>
          </div>
        ) : null}
        {notice.removedAt ? (
          <div>
            <dt>Removed</dt>
            <dd>
              {formatDateTime(notice.removedAt)}
              {notice.timeToRemovalMs !== undefined ? ` (${formatDuration(notice.timeToRemovalMs)} after sending)` : ""}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Next re-check</dt>
          <dd>
            {notice.nextCheckAt
              ? formatDateTime(notice.nextCheckAt)
              : notice.state === "filing_needed"
                ? "After you file it"
                : "None: re-checks have stopped"}
          </dd>
        </div>
        {notice.lastCheck ? (
          <div>
            <dt>Last re-check</dt>
            <dd>
              {formatDateTime(notice.lastCheckedAt)}: {notice.lastCheck.description}
            </dd>
          </div>
        ) : null}
        {notice.followUpAt ? (
          <div>
            <dt>Follow-up date</dt>
            <dd>
              {formatDateTime(notice.followUpAt)}{" "}
              <span className="muted small">(our reminder to escalate; this basis has no legal clock)</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {notice.clock ? <LegalClockView clock={notice.clock} /> : null}

      <h3>Status timeline</h3>
      <TakedownTimeline events={notice.timeline} />

      {notice.actions.length > 0 ? (
        <section aria-label="Actions">
          <h3>Actions</h3>
          <p className="muted small">
            What the platform answered is recorded as reported by you. Closing the case stops the re-checks.
          </p>
          <label htmlFor={noteId}>Note (optional, e.g. the platform's ticket number)</label>
          <input id={noteId} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          <div className="button-row">
            {notice.actions.map((action) => (
              <button
                key={action}
                type="button"
                className={action === "close" ? "btn btn-secondary" : "btn btn-primary"}
                disabled={act.isPending}
                onClick={() => act.mutate(action)}
              >
                {ACTION_LABELS[action]}
              </button>
            ))}
          </div>
        </section>
      ) : null}

      {notice.actions.includes("escalate") && notice.escalationOptions.length > 0 ? (
        <section aria-label="Escalation options">
          <h3>If the platform does not act</h3>
          <ul>
            {notice.escalationOptions.map((option) => (
              <li key={option}>{option}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {notice.state === "filing_needed" && notice.formUrl ? (
        <p>
          Nothing has been sent yet: file it on{" "}
          <a href={notice.formUrl} target="_blank" rel="noopener noreferrer">
            the platform's form
          </a>{" "}
          from the threat's takedown dialog, then say "I have filed it".
        </p>
      ) : null}

      <h3 id={`${noteId}-text`}>Notice text {notice.channel === "email" && notice.sentAt ? "as sent" : "to file"}</h3>
      <textarea
        aria-labelledby={`${noteId}-text`}
        className="takedown-notice-text"
        readOnly
        rows={16}
        value={notice.noticeText}
      />
    </article>
  );
}
