import type { Stats } from "../../api/types";

/** Spec: Protection Score shows 94% only when the server has no score yet. */
export const DEFAULT_PROTECTION_SCORE = 94;

export function StatCards({ stats, isLoading }: { stats: Stats | undefined; isLoading: boolean }) {
  const show = (n: number | undefined) => (isLoading ? "…" : typeof n === "number" ? n.toLocaleString("en-US") : "0");
  const cards = [
    { label: "Active Threats", value: show(stats?.activeThreats) },
    { label: "Sites Scanned", value: show(stats?.sitesScanned) },
    { label: "Resolved Threats", value: show(stats?.resolvedThreats) },
    { label: "Protection Score", value: isLoading ? "…" : `${stats?.protectionScore ?? DEFAULT_PROTECTION_SCORE}%` },
  ];
  return (
    <ul className="card-grid four" style={{ listStyle: "none" }} aria-label="Protection statistics">
      {cards.map((c) => (
        <li key={c.label} className="card stat-card">
          <p className="stat-value">{c.value}</p>
          <p className="stat-label">{c.label}</p>
        </li>
      ))}
    </ul>
  );
}
