import { Metrics } from "@aws-lambda-powertools/metrics";
import { Tracer } from "@aws-lambda-powertools/tracer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localPowertoolsEnv } from "../../../local/src/stack.js";

describe("Powertools on the local stack", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("never traces, even where the runtime looks like Lambda's", () => {
    // Inside Lambda's execution environment the tracer is on unless told otherwise.
    vi.stubEnv("AWS_EXECUTION_ENV", "AWS_Lambda_nodejs22.x");
    expect(new Tracer().isTracingEnabled()).toBe(true);
    for (const [name, value] of Object.entries(localPowertoolsEnv())) vi.stubEnv(name, value);
    expect(new Tracer().isTracingEnabled()).toBe(false);
  });

  it("writes no metric lines", () => {
    for (const [name, value] of Object.entries(localPowertoolsEnv())) vi.stubEnv(name, value);
    const written = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const logged = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const metrics = new Metrics({ namespace: "LikenessGuard", serviceName: "local" });
    metrics.addMetric("UnexpectedErrors", "Count", 1);
    metrics.publishStoredMetrics();
    const lines = [...written.mock.calls, ...logged.mock.calls].map((c) => String(c[0]));
    vi.restoreAllMocks();
    expect(lines.filter((l) => l.includes("_aws"))).toEqual([]);
  });
});
