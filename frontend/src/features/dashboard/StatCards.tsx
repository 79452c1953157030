import type { Stats } from "../../api/types";
import { LoadFailed } from "../../ui/LoadFailed";

/** The counts from the server. What they rest on (what is searched, where) is the coverage statement beside them. */
export function StatCards({
  stats,
  isLoading,
  failure,
}: {
  stats: Stats | undefined;
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
  return (
    <ul className="card-grid three stat-cards" style={{ listStyle: "none" }} aria-label="Protection statistics">
      {cards.map((c) => (
        <li key={c.label} className="card stat-card">
          <p className="stat-value">{c.value}</p>
          <p className="stat-label">{c.label}</p>
        </li>
      ))}
    </ul>
  );
}
