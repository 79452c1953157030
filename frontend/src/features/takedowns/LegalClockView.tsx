import { useEffect, useState } from "react";
import { formatDateTime, formatDuration } from "./format";
import type { LegalClock } from "./types";

/** The TAKE IT DOWN Act's 48-hour removal clock: time left while it runs, the outcome once it stopped. */
export function LegalClockView({ clock, compact = false }: { clock: LegalClock; compact?: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (clock.state !== "running") return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [clock.state]);
  const remaining = Math.max(0, Date.parse(clock.deadlineAt) - now);
  const text =
    clock.state === "running"
      ? remaining > 0
        ? `${formatDuration(remaining)} left`
        : "Deadline reached; waiting for the next re-check"
      : clock.state === "met"
        ? "Removed within the deadline"
        : clock.state === "missed"
          ? "Deadline missed"
          : "Clock stopped: case closed";
  if (compact) return <span className={clock.state === "missed" ? "text-destructive" : undefined}>{text}</span>;
  return (
    <section className="card legal-clock" aria-label={`${clock.hours}-hour removal clock`}>
      <h3>{clock.hours}-hour removal clock (TAKE IT DOWN Act)</h3>
      <p className={clock.state === "missed" ? "text-destructive" : undefined}>
        <strong>{text}</strong>
      </p>
      <p className="muted small">
        Started {formatDateTime(clock.startedAt)}; the platform must remove it by {formatDateTime(clock.deadlineAt)}.
      </p>
    </section>
  );
}
