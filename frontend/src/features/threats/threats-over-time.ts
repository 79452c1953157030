import type { Threat } from "../../api/types";

export interface DailyCount {
  date: string;
  count: number;
}

/** Threats per day (UTC dates), only for days that have any. */
export function countByDay(threats: Pick<Threat, "createdAt">[]): DailyCount[] {
  const counts = new Map<string, number>();
  for (const t of threats) {
    const day = t.createdAt.slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts].map(([date, count]) => ({ date, count }));
}

/**
 * The last `days` days up to today, zero where `counts` has no entry: the API lists only days
 * with threats, and a chart of those alone would hide the quiet days between them.
 */
export function lastDays(counts: DailyCount[], days: number, now: Date = new Date()): DailyCount[] {
  const byDate = new Map(counts.map((c) => [c.date, c.count]));
  const series: DailyCount[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - i));
    const key = d.toISOString().slice(0, 10);
    series.push({ date: key, count: byDate.get(key) ?? 0 });
  }
  return series;
}
