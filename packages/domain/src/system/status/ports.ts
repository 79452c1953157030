import type { StatusComponentId } from "./components.js";

export interface ProbeRun {
  at: string;
  results: { component: StatusComponentId; ok: boolean; failing: string[] }[];
  /** Component id to the start of its incident still open after this run. */
  openIncidents: Record<string, string>;
}

export interface ProbeDay {
  day: string;
  component: StatusComponentId;
  ok: number;
  total: number;
  firstAt: string;
}

export interface Incident {
  component: StatusComponentId;
  startedAt: string;
  resolvedAt?: string;
  failing: string[];
}

/** Where probe runs, daily counts and incidents are stored (the table; in memory in tests). */
export interface StatusStore {
  latestRun(): Promise<ProbeRun | null>;
  putRun(run: ProbeRun, expiresAt: number): Promise<void>;
  /** Adds one run's result to its component's day, keeping the day's first run time. */
  countDay(day: string, component: StatusComponentId, ok: boolean, at: string): Promise<void>;
  openIncident(incident: Incident): Promise<void>;
  resolveIncident(component: StatusComponentId, startedAt: string, resolvedAt: string): Promise<void>;
  runsSince(fromIso: string): Promise<ProbeRun[]>;
  daysSince(fromDay: string): Promise<ProbeDay[]>;
  incidentsSince(fromIso: string): Promise<Incident[]>;
}
