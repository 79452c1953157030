import { DynamoStatusStore } from "@lg/domain/system/adapters/dynamo-status";
import { STATUS_COMPONENTS } from "@lg/domain/system/status/components";
import { StatusService } from "@lg/domain/system/status/status-service";
import { describe, expect, it } from "vitest";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";

const dynamo = useDynamoStandIn("status-store");
const SERVICES = [...new Set(STATUS_COMPONENTS.flatMap((c) => [...c.services]))];
const results = (down: string[] = []) => SERVICES.map((name) => ({ name, ok: !down.includes(name) }));

describe("status probes stored in the table", () => {
  it("counts each run into its day, and opens then resolves an incident across runs", async () => {
    let now = Date.parse("2026-11-10T23:50:00.000Z");
    const service = new StatusService({
      store: new DynamoStatusStore(dynamo.doc, dynamo.table),
      now: () => new Date(now),
    });
    for (const down of [[], ["sns"], ["sns"], []]) {
      await service.record(results(down));
      now += 5 * 60_000;
    }
    const page = await service.page();
    const alerts = page.components.find((c) => c.id === "alerts");
    expect(alerts?.current?.ok).toBe(true);
    // Runs crossed midnight: both days' counts add up to the four runs, first stored run as 'since'.
    expect(alerts?.uptime["7d"]).toEqual({ measuringSince: "2026-11-10T23:50:00.000Z" });
    const store = new DynamoStatusStore(dynamo.doc, dynamo.table);
    const days = (await store.daysSince("2026-11-01")).filter((d) => d.component === "alerts");
    expect(days.map((d) => [d.day, d.ok, d.total])).toEqual([
      ["2026-11-10", 1, 2],
      ["2026-11-11", 1, 2],
    ]);
    expect(page.incidents).toEqual([
      {
        component: "alerts",
        name: "Alerts",
        startedAt: "2026-11-10T23:55:00.000Z",
        resolvedAt: "2026-11-11T00:05:00.000Z",
        failing: ["sns"],
      },
    ]);
  });
});
