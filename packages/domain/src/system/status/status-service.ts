import { componentResults, PROBE_INTERVAL_MINUTES, STATUS_COMPONENTS, type StatusComponentId } from "./components.js";
import type { Incident, ProbeDay, ProbeRun, StatusStore } from "./ports.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Runs are kept two days: the 24-hour figure needs one, the second covers a late reader. */
const RUN_RETENTION_MS = 2 * DAY_MS;

/** A figure only where probes cover the whole window; otherwise since when it is being measured. */
export type UptimeWindow =
  | { percent: number; probes: number }
  | { measuringSince: string }
  | { measuringSince: null; reason: "no probe has run yet" };

export interface ComponentStatus {
  id: StatusComponentId;
  name: string;
  what: string;
  /** The latest probe run's result for it, with when it ran; null before the first run. */
  current: { ok: boolean; at: string; failing: string[] } | null;
  uptime: { "24h": UptimeWindow; "7d": UptimeWindow; "30d": UptimeWindow };
}

export interface StatusPage {
  probeIntervalMinutes: number;
  components: ComponentStatus[];
  /** Incidents that started in the last 30 days, newest first (an open one has no resolvedAt). */
  incidents: (Incident & { name: string })[];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Never overstates: 99.996% of probes passing reads 99.99%, and 100% only when every probe passed.
 */
function percentOf(ok: number, total: number): number {
  return Math.floor((ok / total) * 10_000) / 100;
}

/** Records each scheduled probe run, and answers the public status page from what was recorded. */
export class StatusService {
  constructor(private readonly deps: { store: StatusStore; now: () => Date }) {}

  /** One probe run: each component's result, its day's count, and incidents opened or resolved. */
  async record(services: readonly { name: string; ok: boolean }[]): Promise<ProbeRun> {
    const now = this.deps.now();
    const at = now.toISOString();
    const results = componentResults(services);
    const open = { ...((await this.deps.store.latestRun())?.openIncidents ?? {}) };
    for (const result of results) {
      const startedAt = open[result.component];
      if (!result.ok && !startedAt) {
        await this.deps.store.openIncident({ component: result.component, startedAt: at, failing: result.failing });
        open[result.component] = at;
      } else if (result.ok && startedAt) {
        await this.deps.store.resolveIncident(result.component, startedAt, at);
        delete open[result.component];
      }
      await this.deps.store.countDay(dayOf(now.getTime()), result.component, result.ok, at);
    }
    const run: ProbeRun = { at, results, openIncidents: open };
    await this.deps.store.putRun(run, Math.floor((now.getTime() + RUN_RETENTION_MS) / 1000));
    return run;
  }

  async page(): Promise<StatusPage> {
    const now = this.deps.now().getTime();
    const [runs, days, incidents] = await Promise.all([
      this.deps.store.runsSince(new Date(now - DAY_MS).toISOString()),
      this.deps.store.daysSince(dayOf(now - 30 * DAY_MS)),
      this.deps.store.incidentsSince(new Date(now - 30 * DAY_MS).toISOString()),
    ]);
    const latest = runs.at(-1);
    const components = STATUS_COMPONENTS.map((c): ComponentStatus => {
      const own = days.filter((d) => d.component === c.id).sort((a, b) => a.day.localeCompare(b.day));
      const since = own[0]?.firstAt;
      const result = latest?.results.find((r) => r.component === c.id);
      return {
        id: c.id,
        name: c.name,
        what: c.what,
        current: latest && result ? { ok: result.ok, at: latest.at, failing: result.failing } : null,
        uptime: {
          "24h": rollingDay(runs, c.id, since, now),
          "7d": calendarDays(own, 7, since, now),
          "30d": calendarDays(own, 30, since, now),
        },
      };
    });
    const names = new Map(STATUS_COMPONENTS.map((c) => [c.id as string, c.name as string]));
    return {
      probeIntervalMinutes: PROBE_INTERVAL_MINUTES,
      components,
      incidents: [...incidents]
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
        .map((i) => ({ ...i, name: names.get(i.component) ?? i.component })),
    };
  }
}

function notCovered(since: string | undefined): UptimeWindow {
  return since ? { measuringSince: since } : { measuringSince: null, reason: "no probe has run yet" };
}

/** The last 24 hours, from the runs themselves; only once probing began at least 24 hours ago. */
function rollingDay(runs: ProbeRun[], id: StatusComponentId, since: string | undefined, now: number): UptimeWindow {
  if (!since || Date.parse(since) > now - DAY_MS) return notCovered(since);
  const results = runs.flatMap((r) => r.results.filter((x) => x.component === id));
  if (results.length === 0) return notCovered(since);
  return { percent: percentOf(results.filter((r) => r.ok).length, results.length), probes: results.length };
}

/**
 * The last `count` UTC days, today so far included, from the daily counts; only when probing began
 * before the first of them, so every day in the window was measured from its start.
 */
function calendarDays(own: ProbeDay[], count: number, since: string | undefined, now: number): UptimeWindow {
  const first = dayOf(now - (count - 1) * DAY_MS);
  if (!since || since.slice(0, 10) >= first) return notCovered(since);
  const inWindow = own.filter((d) => d.day >= first);
  const total = inWindow.reduce((sum, d) => sum + d.total, 0);
  if (total === 0) return notCovered(since);
  return {
    percent: percentOf(
      inWindow.reduce((sum, d) => sum + d.ok, 0),
      total,
    ),
    probes: total,
  };
}
