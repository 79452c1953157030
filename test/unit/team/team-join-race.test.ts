import { DynamoTeamStore } from "@lg/domain/team/adapters/dynamo-team-store";
import { AuditLog } from "@lg/domain/team/audit-log";
import { TeamService } from "@lg/domain/team/team-service";
import { describe, expect, it } from "vitest";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";

const table = useDynamoStandIn("team-join-race-test");
const NOW = new Date("2026-11-27T03:00:00Z");

/** Teams over the table's real conditional writes; the links the mailer would send, kept. */
function teams() {
  const store = new DynamoTeamStore(table.doc, table.table);
  const links: string[] = [];
  const service = new TeamService({
    store,
    audit: new AuditLog(store, () => NOW),
    mailer: { sendInvitation: async ({ link }) => void links.push(link) },
    appUrl: "https://app.example",
    now: () => NOW,
  });
  const invite = async (accountId: string, email: string) => {
    await service.invite(accountId, { userId: accountId }, email, "analyst");
    return new URL(links.at(-1) ?? "").searchParams;
  };
  return { service, store, invite };
}

describe("two team joins at once", () => {
  it("put a person on one team, not two", async () => {
    const t = teams();
    const person = { userId: "pat", email: "pat@example.com" };
    const first = await t.invite("team-a", person.email);
    const second = await t.invite("team-b", person.email);
    const outcomes = await Promise.allSettled([
      t.service.accept(person, "team-a", first.get("token") ?? ""),
      t.service.accept(person, "team-b", second.get("token") ?? ""),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const onTeams = [...(await t.store.listMembers("team-a")), ...(await t.store.listMembers("team-b"))].filter(
      (m) => m.userId === "pat",
    );
    expect(onTeams).toHaveLength(1);
  });

  it("let a person removed from one team join another", async () => {
    const t = teams();
    const person = { userId: "quinn", email: "quinn@example.com" };
    const first = await t.invite("team-c", person.email);
    await t.service.accept(person, "team-c", first.get("token") ?? "");
    await t.service.remove("team-c", { userId: "team-c" }, "quinn");
    const second = await t.invite("team-d", person.email);
    expect((await t.service.accept(person, "team-d", second.get("token") ?? "")).accountId).toBe("team-d");
  });
});
