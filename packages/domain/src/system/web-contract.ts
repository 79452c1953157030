import { z } from "zod";
import type { PublicMetrics } from "./public-metrics.js";

/**
 * The web app's system answers (GET /api/status, /api/health), written once: the handlers check
 * their answers with these in tests and the web app takes its types from them (docs/architecture.md,
 * "One contract").
 */

/** A figure only where stored probes cover the whole window (status/status-service.ts). */
export const UptimeWindow = z.union([
  z.object({ percent: z.number(), probes: z.number() }),
  z.object({ measuringSince: z.string() }),
  z.object({ measuringSince: z.null(), reason: z.string() }),
]);

/** GET /api/status: each component's current state, measured uptime and recent incidents. */
export const StatusPage = z.object({
  probeIntervalMinutes: z.number(),
  components: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      what: z.string(),
      current: z.object({ ok: z.boolean(), at: z.string(), failing: z.array(z.string()) }).nullable(),
      uptime: z.object({ "24h": UptimeWindow, "7d": UptimeWindow, "30d": UptimeWindow }),
    }),
  ),
  incidents: z.array(
    z.object({
      component: z.string(),
      name: z.string(),
      startedAt: z.string(),
      resolvedAt: z.string().optional(),
      failing: z.array(z.string()),
    }),
  ),
});

/** GET /api/health: each dependency's probe. */
export const HealthReport = z.object({
  status: z.string(),
  services: z.array(
    z.object({ name: z.string(), ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() }),
  ),
});

export type UptimeWindow = z.infer<typeof UptimeWindow>;
export type StatusPage = z.infer<typeof StatusPage>;
export type HealthReport = z.infer<typeof HealthReport>;
/** GET /api/system/metrics: only measured figures (public-metrics.ts, its one definition). */
export type SystemMetrics = PublicMetrics;
