import { Link } from "react-router-dom";
import { platformName } from "../platforms/catalogue";
import { formatDateTime, stateBadgeClass } from "./format";
import { LegalClockView } from "./LegalClockView";
import type { TakedownSummary } from "./types";

/** One row per notice: basis, where and to whom, state, dates, the next re-check and the clock. */
export function TakedownList({ items, selectedId }: { items: TakedownSummary[]; selectedId?: string }) {
  return (
    <ul className="takedown-list" aria-label="Takedown notices">
      {items.map((n) => (
        <li key={n.id} className={`card takedown-row${n.id === selectedId ? " is-highlighted" : ""}`}>
          <div className="takedown-row-head">
            <Link to={`/takedowns/${encodeURIComponent(n.id)}`} aria-current={n.id === selectedId ? "true" : undefined}>
              {n.basis.label}
              {n.platform ? ` · ${platformName(n.platform)}` : ""}
            </Link>
            <span className={stateBadgeClass(n.state)}>{n.stateLabel}</span>
          </div>
          <p className="muted small">
            To {n.recipient} · {n.channel === "email" ? "email" : "web form"} · created {formatDateTime(n.createdAt)}
            {n.sentAt ? ` · sent ${formatDateTime(n.sentAt)}` : ""}
            {n.filedAt ? ` · filed ${formatDateTime(n.filedAt)}` : ""}
            {n.removedAt ? ` · removed ${formatDateTime(n.removedAt)}` : ""}
          </p>
          {n.nextCheckAt || n.clock ? (
            <p className="small">
              {n.nextCheckAt ? `Next re-check ${formatDateTime(n.nextCheckAt)}` : ""}
              {n.nextCheckAt && n.clock ? " · " : ""}
              {n.clock ? <LegalClockView clock={n.clock} compact /> : null}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
