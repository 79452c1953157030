/** One dependency the API needs, checked by a cheap read-only call. */
export interface HealthProbe {
  name: string;
  check(): Promise<unknown>;
}

export interface ServiceHealth {
  name: string;
  ok: boolean;
  latencyMs: number;
  error?: string;
}

export interface HealthReport {
  status: "ok" | "degraded";
  services: ServiceHealth[];
}

/** Runs every probe at once; a probe slower than `timeoutMs` counts as down so health answers promptly. */
export async function checkHealth(probes: HealthProbe[], timeoutMs = 3000): Promise<HealthReport> {
  const services = await Promise.all(
    probes.map(async (probe): Promise<ServiceHealth> => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          probe.check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return { name: probe.name, ok: true, latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        return {
          name: probe.name,
          ok: false,
          latencyMs: Math.round(performance.now() - started),
          error: describe(error),
        };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { status: services.every((s) => s.ok) ? "ok" : "degraded", services };
}

/** The error's type and message only: enough to act on, nothing from a request. */
function describe(error: unknown): string {
  const e = error as { name?: string; message?: string };
  return [e.name, e.message].filter(Boolean).join(": ") || "unknown error";
}
