import { DynamoAlertOutbox } from "@lg/domain/scanning/adapters/dynamo-alert-outbox";
import { ALERT_CLAIM_LEASE_MS, sweepStaleClaims, ThreatHandover } from "@lg/domain/scanning/threat-handover";
import type { ThreatRecord } from "@lg/domain/threats/threat-ports";
import { describe, expect, it } from "vitest";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";
import { InMemoryThreatRepository } from "./fakes.js";

const table = useDynamoStandIn("alert-claim-sweep-test");
const KILLED_AT = new Date("2026-11-27T03:00:00Z");
const minutesAfter = (m: number) => new Date(KILLED_AT.getTime() + m * 60_000);

/** The outbox over the table's real index; the handover's message counted per person. */
function world() {
  const outbox = new DynamoAlertOutbox(table.doc, table.table);
  const threats = new InMemoryThreatRepository();
  const clock = { now: KILLED_AT };
  const messages: { userId: string; threats: string[] }[] = [];
  const handover = new ThreatHandover({
    outbox,
    threats,
    getProfile: async (userId) => ({ userId }) as never,
    alertNewThreats: async (profile, list) => {
      messages.push({ userId: profile.userId, threats: list.map((t) => t.id) });
      return { messages: 1 };
    },
    autoTakedown: async () => false,
    now: () => clock.now,
  });
  const owe = async (userId: string, threatId: string) => {
    await outbox.oweIfAbsent({ userId, threatId, scanId: "s1", status: "owed", createdAt: KILLED_AT.toISOString() });
    await threats.createIfAbsent({ userId, id: threatId, status: "active" } as ThreatRecord);
  };
  const sweep = () => sweepStaleClaims({ outbox, handover, now: () => clock.now });
  return { outbox, clock, messages, owe, sweep };
}

describe("alerts a killed handover had claimed", () => {
  it("go out once the claim's lease has passed, at the next sweep, not at the person's next scan", async () => {
    const w = world();
    await w.owe("killed-user", "thr_a");
    await w.owe("killed-user", "thr_b");
    await w.owe("waiting-user", "thr_c");
    // Finish claimed the first person's alerts, then the stack was killed before sending them.
    for (const id of ["thr_a", "thr_b"]) await w.outbox.claim("killed-user", id, KILLED_AT.toISOString(), "");

    w.clock.now = minutesAfter(5);
    expect(await w.sweep()).toEqual({ people: 0, threats: 0, alerts: 0 });
    w.clock.now = new Date(KILLED_AT.getTime() + ALERT_CLAIM_LEASE_MS + 5 * 60_000);
    expect(await w.sweep()).toEqual({ people: 1, threats: 2, alerts: 1 });
    expect(w.messages).toEqual([{ userId: "killed-user", threats: ["thr_a", "thr_b"] }]);
    // Sent claims leave the index: the next sweep finds nothing; an owed, unclaimed alert is its scan's to send.
    expect(await w.sweep()).toEqual({ people: 0, threats: 0, alerts: 0 });
    expect(w.messages).toHaveLength(1);
  });
});
