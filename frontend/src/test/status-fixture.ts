import type { StatusPage } from "../api/types";

const NAMES = [
  ["sign-in", "Sign-in"],
  ["enrolment", "Enrolment"],
  ["scanning", "Scanning"],
  ["alerts", "Alerts"],
  ["takedowns", "Takedowns"],
] as const;

/** GET /api/status as the API answers it: probes running for a day and a half, so 7 and 30 days are still measuring. */
export function statusPage(
  overrides: Partial<Record<string, Partial<StatusPage["components"][number]>>> = {},
): StatusPage {
  return {
    probeIntervalMinutes: 5,
    components: NAMES.map(([id, name]) => ({
      id,
      name,
      what: `What ${name} does`,
      current: { ok: true, at: "2026-11-02T12:00:00.000Z", failing: [] },
      uptime: {
        "24h": { percent: 100, probes: 288 },
        "7d": { measuringSince: "2026-11-01T00:00:00.000Z" },
        "30d": { measuringSince: "2026-11-01T00:00:00.000Z" },
      },
      ...overrides[id],
    })),
    incidents: [],
  };
}

export const STATUS_STUB = { "GET /api/status": { status: 200, body: statusPage() } };
