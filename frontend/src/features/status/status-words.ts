import { StatusPage } from "@lg/domain/system/web-contract";
import { queryOptions } from "@tanstack/react-query";
import { getChecked } from "../../api/client";
import type { UptimeWindow } from "../../api/types";

export const STATUS_KEY = ["/api/status"] as const;
/** GET /api/status, its answer checked against the web contract in development and tests. */
export const statusQuery = queryOptions({ queryKey: STATUS_KEY, queryFn: getChecked(StatusPage) });

const minute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
export const when = minute;

/** A measured share of probes, or since when it is being measured: never a figure not measured. */
export function uptimeWords(window: UptimeWindow): string {
  if ("percent" in window) return `${window.percent.toFixed(2)}%`;
  return window.measuringSince ? `measuring since ${window.measuringSince.slice(0, 10)}` : "no probe has run yet";
}

export function uptimeDetail(window: UptimeWindow): string | undefined {
  return "percent" in window ? `${window.probes} probes` : undefined;
}

/**
 * Whether every component passed its latest probe; undefined when there is no recent probe to say
 * so (none yet, or the latest older than three probe intervals: the probe itself may have stopped).
 */
export function allOperational(page: StatusPage | undefined, now = Date.now()): boolean | undefined {
  const current = page?.components.map((c) => c.current);
  if (!page || !current || current.length === 0) return undefined;
  const recent = now - 3 * page.probeIntervalMinutes * 60_000;
  if (current.some((c) => c === null || Date.parse(c.at) < recent)) return undefined;
  return current.every((c) => c?.ok);
}

/** What to say for a component with no probe in the last 24 hours: none ever, or none lately. */
export function noProbeWords(component: StatusPage["components"][number]): string {
  const begun = Object.values(component.uptime).some((w) => "percent" in w || w.measuringSince);
  return begun ? "No probe in the last 24 hours" : "No probe has run yet";
}

/** The earliest time probing began, where any 30-day figure is not yet covered. */
export function measuringSince(page: StatusPage): string | undefined {
  return page.components
    .map((c) => c.uptime["30d"])
    .flatMap((w) => ("measuringSince" in w && w.measuringSince ? [w.measuringSince] : []))
    .sort()[0];
}

/**
 * The one-line status the landing and the footer show, from the probes (GET /api/status): never
 * "All Systems Operational" before a recent probe said so (issue 36 item 7).
 */
export function statusLine(
  page: StatusPage | undefined,
  state: { isLoading: boolean; isError: boolean },
  now = Date.now(),
): { text: string; dot: "ok" | "down" | "" } {
  if (state.isLoading) return { text: "Checking…", dot: "" };
  if (state.isError) return { text: "Status unavailable", dot: "" };
  const allUp = allOperational(page, now);
  if (allUp === undefined) return { text: "No recent probe to report", dot: "" };
  return allUp ? { text: "All Systems Operational", dot: "ok" } : { text: "Some systems down", dot: "down" };
}
