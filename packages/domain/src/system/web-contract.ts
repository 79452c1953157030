import { z } from "zod";

/**
 * The web app's system answers (GET /api/status, /api/health, /api/system/metrics), written once: the handlers check
 * their answers with these in tests and the web app takes its types from them (docs/architecture.md,
 * "The web contract").
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

/** What a match's band states about false matches (threats/match-band.ts FalseMatchEvidence). */
const FalseMatchEvidence = z.object({
  modality: z.enum(["face", "voice"]),
  calibration: z.object({ a: z.number(), b: z.number() }),
  thresholds: z.array(z.object({ falseMatchRate: z.number(), distance: z.number() })),
  impostorPairs: z.number(),
  measuredAt: z.string().optional(),
});

const UsageFigure = z.object({ count: z.number(), since: z.string().optional() });

/**
 * GET /api/system/metrics: only measured figures, each optional as the report may lack it, and the
 * usage counted from the records (public-metrics.ts PublicMetrics, usage-figures.ts).
 */
export const SystemMetrics = z.object({
  detection: z
    .object({
      modalities: z
        .array(
          z.object({
            modality: z.enum(["face-match", "speaker-match", "voice-clone", "synthetic-image", "face-swap"]),
            measure: z.string(),
            value: z.number(),
            samples: z.array(z.object({ count: z.number(), of: z.string() })),
            set: z.string(),
            interval: z.object({ low: z.number(), high: z.number(), method: z.string() }),
          }),
        )
        .optional(),
      faceTarAtFar1e3: z.number().optional(),
      faceTarAtFar1e2: z.number().optional(),
      facePairs: z.object({ genuine: z.number(), impostor: z.number() }).optional(),
      faceFalseMatch: FalseMatchEvidence.optional(),
      voiceFalseMatch: FalseMatchEvidence.optional(),
      speakerEer: z.number().optional(),
      cloneEer: z.number().optional(),
      cloneEerBySystem: z.record(z.string(), z.number()).optional(),
      syntheticImageRecallAtFpr2: z.number().optional(),
      syntheticImageAuc: z.number().optional(),
      faceSwapAuc: z.number().optional(),
      imageP50Ms: z.number().optional(),
      imageP95Ms: z.number().optional(),
      audioRealTimeFactor: z.number().optional(),
      machine: z
        .object({
          cpuModel: z.string(),
          arch: z.string(),
          isa: z.array(z.string()),
          machineClass: z.string().optional(),
          cores: z.number().optional(),
          onnxruntime: z.string(),
          threads: z.number(),
          measuredAt: z.string(),
        })
        .optional(),
      measuredAt: z.string().optional(),
    })
    .optional(),
  platformsMonitored: z.number(),
  usage: z
    .object({
      peopleProtected: UsageFigure,
      threatsFound: UsageFigure,
      noticesSent: UsageFigure,
      contentRemoved: UsageFigure,
      countedAt: z.string(),
    })
    .optional(),
});

export type UptimeWindow = z.infer<typeof UptimeWindow>;
export type StatusPage = z.infer<typeof StatusPage>;
export type HealthReport = z.infer<typeof HealthReport>;
export type SystemMetrics = z.infer<typeof SystemMetrics>;
