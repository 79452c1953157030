import { CronExpressionParser } from "cron-parser";

const RATE = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/;
const AT = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/;
const CRON = /^cron\((.+)\)$/;
const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

export function assertValidExpression(expression: string, timezone?: string): void {
  if (RATE.test(expression) || AT.test(expression)) return;
  const cron = CRON.exec(expression)?.[1];
  if (!cron) throw new Error(`Invalid Schedule Expression ${expression}`);
  CronExpressionParser.parse(toCronParser(cron), { tz: timezone ?? "UTC" });
}

/**
 * EventBridge cron fields are minutes, hours, day-of-month, month, day-of-week (1 = Sunday), year;
 * cron-parser counts day-of-week from 0 = Sunday and has no year field.
 */
function toCronParser(awsCron: string): string {
  const fields = awsCron.trim().split(/\s+/);
  if (fields.length !== 6) throw new Error(`cron() needs 6 fields, got ${fields.length}`);
  const [minutes, hours, dom, month, dow] = fields as [string, string, string, string, string, string];
  const zeroBasedDow = dow.replace(/(^|[,\-/])(\d)/g, (_m, sep: string, d: string) => `${sep}${Number(d) - 1}`);
  return [minutes, hours, dom, month, zeroBasedDow].join(" ");
}

/**
 * The first time strictly after `afterMs` the expression fires, or undefined when it never fires again.
 * Rate schedules count from `anchorMs` (their start date or creation), as EventBridge Scheduler does.
 */
export function nextFireTime(
  expression: string,
  afterMs: number,
  anchorMs: number,
  timezone?: string,
): number | undefined {
  const rate = RATE.exec(expression);
  if (rate) {
    const period = Number(rate[1]) * UNIT_MS[rate[2]!.replace(/s$/, "") as keyof typeof UNIT_MS];
    const periods = Math.floor((afterMs - anchorMs) / period) + 1;
    return anchorMs + Math.max(1, periods) * period;
  }
  const at = AT.exec(expression);
  if (at) {
    // at() is wall-clock time in the schedule's time zone; UTC unless one is given.
    const fire = zonedTimeToUtc(at[1]!, timezone ?? "UTC");
    return fire > afterMs ? fire : undefined;
  }
  const cron = CRON.exec(expression)?.[1];
  if (!cron) throw new Error(`Invalid Schedule Expression ${expression}`);
  const years = cron.trim().split(/\s+/)[5] ?? "*";
  const iterator = CronExpressionParser.parse(toCronParser(cron), {
    currentDate: new Date(afterMs),
    tz: timezone ?? "UTC",
  });
  for (let i = 0; i < 1000; i++) {
    const next = iterator.next().toDate();
    if (years === "*" || years === "?" || matchesYear(years, next.getUTCFullYear())) return next.getTime();
  }
  return undefined;
}

function matchesYear(field: string, year: number): boolean {
  return field.split(",").some((part) => {
    const [from, to] = part.split("-").map(Number);
    return to === undefined ? year === from : year >= from! && year <= to;
  });
}

function zonedTimeToUtc(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local}Z`);
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(asUtc));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const shown = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - (shown - asUtc);
}
