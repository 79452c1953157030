import { eventLabel, formatDateTime, SOURCE_LABELS } from "./format";
import type { TimelineEvent } from "./types";

/** Every step of a case in time order, each with when it happened and who says so. */
export function TakedownTimeline({ events }: { events: TimelineEvent[] }) {
  return (
    <ol className="takedown-timeline" aria-label="Status timeline">
      {events.map((event) => (
        <li key={event.eventId} className={`timeline-event timeline-${event.kind}`}>
          <div>
            <strong>{eventLabel(event)}</strong>{" "}
            <span className="muted small">
              {formatDateTime(event.at)} · {SOURCE_LABELS[event.source]}
            </span>
          </div>
          {event.detail ? <p className="small">{event.detail}</p> : null}
        </li>
      ))}
    </ol>
  );
}
