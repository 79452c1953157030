import type { UsageFigure } from "@lg/domain/system/usage-figures";
import { LoadFailed } from "../../ui/LoadFailed";
import { formatDay } from "../system/format-day";
import { useSystemMetrics } from "../system/use-system-metrics";

const FIGURES = [
  { key: "peopleProtected", label: "People protected" },
  { key: "threatsFound", label: "Threats found" },
  { key: "noticesSent", label: "Takedown notices sent" },
  { key: "contentRemoved", label: "Content removed after a notice" },
] as const;

const sinceLine = (figure: UsageFigure) => (figure.since ? `since ${formatDay(figure.since)}` : "none yet");

/** Figures about the service's use, counted live from its own records (GET /api/system/metrics). */
export function UsageFigures() {
  const metrics = useSystemMetrics();
  const usage = metrics.data?.usage;
  return (
    <section className="section" aria-labelledby="usage-heading">
      <div className="container">
        <h2 id="usage-heading">Counted from our own records</h2>
        {/* The space the figures take is held while they load, so nothing below shifts when they arrive. */}
        <div className="usage-body">
          {metrics.isPending ? (
            <p role="status">Counting…</p>
          ) : metrics.isError ? (
            <LoadFailed what="The figures" error={metrics.error} onRetry={() => void metrics.refetch()} />
          ) : !usage ? (
            <p>The figures could not be counted just now. They are counted again within five minutes.</p>
          ) : (
            <>
              <dl className="tile-grid four">
                {FIGURES.map(({ key, label }) => (
                  <div key={key} className="tile">
                    <dt>{label}</dt>
                    <dd className="tile-value">{usage[key].count.toLocaleString("en-US")}</dd>
                    <dd className="small muted">{sinceLine(usage[key])}</dd>
                  </div>
                ))}
              </dl>
              <p className="small muted">Counted {formatDay(usage.countedAt)}, from every account's records.</p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
