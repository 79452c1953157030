import { z } from "zod";

/**
 * Figures the public pages may show about the system itself. They come only from measurements:
 * the detection benchmark's report (`npm run bench:detection`) and the platforms the scanner has
 * connectors for. A figure with no measurement behind it is left out, never filled with copy.
 */
export interface PublicMetrics {
  detection?: {
    faceTarAtFar1e3?: number;
    faceTarAtFar1e2?: number;
    facePairs?: { genuine: number; impostor: number };
    imageP50Ms?: number;
    measuredAt?: string;
  };
  platformsMonitored: number;
}

const finite = z.number().finite();
const Report = z.object({
  face: z
    .object({
      tarAtFar1e3: finite.min(0).max(1).optional(),
      tarAtFar1e2: finite.min(0).max(1).optional(),
      pairs: z.object({ genuine: z.number().int(), impostor: z.number().int() }).partial().optional(),
    })
    .partial()
    .optional(),
  latency: z.object({ imageP50Ms: finite.positive().optional() }).partial().optional(),
  /** When the benchmark ran (`date` in its report). */
  date: z.string().datetime({ offset: true }).optional(),
});

export function publicMetrics(report: unknown, platformsMonitored: number): PublicMetrics {
  const parsed = Report.safeParse(report);
  if (!parsed.success) return { platformsMonitored };
  const { face, latency, date: measuredAt } = parsed.data;
  const pairs = face?.pairs;
  const detection = {
    ...(face?.tarAtFar1e3 !== undefined ? { faceTarAtFar1e3: face.tarAtFar1e3 } : {}),
    ...(face?.tarAtFar1e2 !== undefined ? { faceTarAtFar1e2: face.tarAtFar1e2 } : {}),
    ...(pairs?.genuine !== undefined && pairs.impostor !== undefined
      ? { facePairs: { genuine: pairs.genuine, impostor: pairs.impostor } }
      : {}),
    ...(latency?.imageP50Ms !== undefined ? { imageP50Ms: latency.imageP50Ms } : {}),
    ...(measuredAt ? { measuredAt } : {}),
  };
  return { ...(Object.keys(detection).length > 0 ? { detection } : {}), platformsMonitored };
}
