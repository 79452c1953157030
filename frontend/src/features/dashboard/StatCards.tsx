import type { Stats } from "../../api/types";
import { LoadFailed } from "../../ui/LoadFailed";
import type { ScoreBreakdown } from "./setup-checklist";

/** The counts from the server; the score from the setup checklist and active threats, with its working. */
export function StatCards({
  stats,
  score,
  isLoading,
  failure,
}: {
  stats: Stats | undefined;
  score: ScoreBreakdown | undefined;
  isLoading: boolean;
  /** The statistics did not load: say so rather than show zeros. */
  failure?: { error: unknown; retry: () => void };
}) {
  if (failure) return <LoadFailed what="Your protection statistics" error={failure.error} onRetry={failure.retry} />;
  const show = (n: number | undefined) => (isLoading ? "…" : typeof n === "number" ? n.toLocaleString("en-US") : "0");
  const cards = [
    { label: "Active Threats", value: show(stats?.activeThreats) },
    { label: "Sites Scanned", value: show(stats?.sitesScanned) },
    { label: "Resolved Threats", value: show(stats?.resolvedThreats) },
  ];
  const scoreText = isLoading || !score ? "…" : `${score.score}%`;
  return (
    <ul className="card-grid four" style={{ listStyle: "none" }} aria-label="Protection statistics">
      {cards.map((c) => (
        <li key={c.label} className="card stat-card">
          <p className="stat-value">{c.value}</p>
          <p className="stat-label">{c.label}</p>
        </li>
      ))}
      <li className="card stat-card" title={score ? `How this is computed:\n${score.lines.join("\n")}` : undefined}>
        <p className="stat-value">{scoreText}</p>
        <p className="stat-label">Protection Score</p>
        {score ? (
          <details className="small">
            <summary>How is this computed?</summary>
            {/* Lines, not list items: each card is one item of the statistics list. */}
            <div className="score-breakdown">
              {score.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </div>
          </details>
        ) : null}
      </li>
    </ul>
  );
}
