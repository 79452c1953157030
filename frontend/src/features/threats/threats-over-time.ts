import type { Threat } from "../../api/types";

export interface DailyCount {
  date: string;
  count: number;
}

/** Threats per day for the last `days` days, counted from the threat list when the API gives no series. */
export function countThreatsPerDay(threats: Threat[], days: number, now: Date = new Date()): DailyCount[] {
  const counts = new Map<string, number>();
  for (const t of threats) {
    const day = t.createdAt.slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  const series: DailyCount[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - i));
    const key = d.toISOString().slice(0, 10);
    series.push({ date: key, count: counts.get(key) ?? 0 });
  }
  return series;
}
