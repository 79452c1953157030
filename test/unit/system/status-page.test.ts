import { PROBE_INTERVAL_MINUTES, STATUS_COMPONENTS } from "@lg/domain/system/status/components";
import type { Incident, ProbeDay, ProbeRun, StatusStore } from "@lg/domain/system/status/ports";
import { StatusService } from "@lg/domain/system/status/status-service";
import { describe, expect, it } from "vitest";

class MemoryStatus implements StatusStore {
  runs: ProbeRun[] = [];
  days = new Map<string, ProbeDay>();
  incidents: Incident[] = [];
  async latestRun() {
    return this.runs.at(-1) ?? null;
  }
  async putRun(run: ProbeRun) {
    this.runs.push(structuredClone(run));
  }
  async countDay(day: string, component: ProbeDay["component"], ok: boolean, at: string) {
    const key = `${day}#${component}`;
    const d = this.days.get(key) ?? { day, component, ok: 0, total: 0, firstAt: at };
    this.days.set(key, { ...d, ok: d.ok + (ok ? 1 : 0), total: d.total + 1 });
  }
  async openIncident(incident: Incident) {
    this.incidents.push({ ...incident });
  }
  async resolveIncident(component: Incident["component"], startedAt: string, resolvedAt: string) {
    const found = this.incidents.find((i) => i.component === component && i.startedAt === startedAt);
    if (found) found.resolvedAt = resolvedAt;
  }
  async runsSince(from: string) {
    return this.runs.filter((r) => r.at >= from);
  }
  async daysSince(from: string) {
    return [...this.days.values()].filter((d) => d.day >= from);
  }
  async incidentsSince(from: string) {
    return this.incidents.filter((i) => i.startedAt >= from);
  }
}

const START = Date.parse("2026-11-01T00:00:00.000Z");
const STEP = PROBE_INTERVAL_MINUTES * 60_000;
const ALL_SERVICES = [...new Set(STATUS_COMPONENTS.flatMap((c) => [...c.services]))];
const healthy = ALL_SERVICES.map((name) => ({ name, ok: true }));
const sesDown = ALL_SERVICES.map((name) => ({ name, ok: name !== "ses" }));

function world() {
  const store = new MemoryStatus();
  let now = START;
  const service = new StatusService({ store, now: () => new Date(now) });
  /** Runs the probe every 5 minutes for `ms`, with these service results. */
  const probe = async (ms: number, services = healthy) => {
    for (const end = now + ms; now < end; now += STEP) await service.record(services);
  };
  return { service, probe, store, at: () => now };
}

const byId = (page: Awaited<ReturnType<StatusService["page"]>>, id: string) => page.components.find((c) => c.id === id);

describe("the status page, from stored probes", () => {
  it("shows what a person relies on, not internal services", async () => {
    const w = world();
    await w.probe(STEP);
    const page = await w.service.page();
    expect(page.components.map((c) => c.name)).toEqual(["Sign-in", "Enrolment", "Scanning", "Alerts", "Takedowns"]);
    expect(JSON.stringify(page.components.map((c) => c.name))).not.toMatch(/dynamodb|cognito|s3/);
  });

  it("states no uptime before any probe has run, and 'measuring since' until probes cover each window", async () => {
    const w = world();
    expect(byId(await w.service.page(), "sign-in")).toMatchObject({
      current: null,
      uptime: { "24h": { measuringSince: null }, "7d": { measuringSince: null }, "30d": { measuringSince: null } },
    });
    await w.probe(6 * 3_600_000);
    const early = byId(await w.service.page(), "sign-in");
    expect(early?.current?.ok).toBe(true);
    for (const window of ["24h", "7d", "30d"] as const) {
      expect(early?.uptime[window]).toEqual({ measuringSince: "2026-11-01T00:00:00.000Z" });
    }
    await w.probe(20 * 3_600_000);
    const day = byId(await w.service.page(), "sign-in");
    expect(day?.uptime["24h"]).toEqual({ percent: 100, probes: 288 });
    expect(day?.uptime["7d"]).toEqual({ measuringSince: "2026-11-01T00:00:00.000Z" });
  });

  it("counts a failing service against the components that rely on it, opens an incident and resolves it", async () => {
    const w = world();
    await w.probe(30 * 86_400_000 + 3_600_000);
    await w.probe(STEP * 3, sesDown); // 15 minutes of email down
    await w.probe(STEP);
    const page = await w.service.page();
    expect(byId(page, "alerts")?.uptime["24h"]).toEqual({ percent: 98.95, probes: 288 });
    expect(byId(page, "takedowns")?.uptime["24h"]).toEqual({ percent: 98.95, probes: 288 });
    expect(byId(page, "sign-in")?.uptime["24h"]).toEqual({ percent: 100, probes: 288 });
    // 7 and 30 days are whole UTC days, today so far included: measured from before their first day.
    expect(byId(page, "alerts")?.uptime["30d"]).toMatchObject({ percent: 99.96 });
    expect(byId(page, "sign-in")?.uptime["7d"]).toMatchObject({ percent: 100 });
    expect(page.incidents.map((i) => [i.name, i.failing, i.resolvedAt !== undefined])).toEqual([
      ["Alerts", ["ses"], true],
      ["Takedowns", ["ses"], true],
    ]);
    expect(Date.parse(page.incidents[0]?.resolvedAt ?? "") - Date.parse(page.incidents[0]?.startedAt ?? "")).toBe(
      3 * STEP,
    );
  });

  it("shows an incident still open while the probe keeps failing, and never rounds a failure up to 100%", async () => {
    const w = world();
    await w.probe(2 * 86_400_000);
    await w.probe(STEP, sesDown);
    const page = await w.service.page();
    expect(byId(page, "alerts")?.current).toMatchObject({ ok: false, failing: ["ses"] });
    expect(page.incidents.filter((i) => !i.resolvedAt).map((i) => i.component)).toEqual(["alerts", "takedowns"]);
    const day = byId(page, "alerts")?.uptime["24h"];
    expect(day && "percent" in day ? day.percent : 100).toBeLessThan(100);
  });

  it("counts the shared crawl's state machine against Scanning alone", async () => {
    const w = world();
    await w.probe(
      STEP,
      ALL_SERVICES.map((name) => ({ name, ok: name !== "stepfunctions-crawl" })),
    );
    const page = await w.service.page();
    expect(page.components.filter((c) => !c.current?.ok).map((c) => [c.id, c.current?.failing])).toEqual([
      ["scanning", ["stepfunctions-crawl"]],
    ]);
  });

  it("counts a service the health check did not report as failing", async () => {
    const w = world();
    await w.probe(
      STEP,
      healthy.filter((s) => s.name !== "kms"),
    );
    expect(byId(await w.service.page(), "enrolment")?.current).toMatchObject({ ok: false, failing: ["kms"] });
  });
});
