import { RateLimiter } from "@lg/domain/accounts/rate-limits";
import { DynamoPeopleStore } from "@lg/domain/people/adapters/dynamo-people-store";
import { PeopleService } from "@lg/domain/people/people-service";
import { describe, expect, it } from "vitest";
import { useDynamoStandIn } from "../../support/dynamo-stand-in.js";
import { MemoryAccountStore, MemoryRateCounters } from "../accounts/fakes.js";
import { RecordingSender } from "./fakes.js";

const table = useDynamoStandIn("invitation-race-test");
const NOW = new Date("2026-11-27T03:00:00Z");

/** People over the table's real conditional writes; everything else in memory. */
async function accountOn(tier: "personal" | "enterprise", accountId: string) {
  const accounts = new MemoryAccountStore();
  await accounts.putProfile({
    userId: accountId,
    firstName: "Ada",
    aliases: [],
    handles: [],
    ownAccounts: [],
    membershipTier: tier,
    platforms: [],
    scanFrequency: "weekly",
    autoTakedown: false,
    scanPreferences: {},
    notificationSettings: {},
    privacySettings: {},
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  });
  const people = new DynamoPeopleStore(table.doc, table.table);
  const sender = new RecordingSender();
  const service = new PeopleService({
    people,
    accounts,
    sender,
    threats: { list: async () => [] },
    notices: { list: async () => [] },
    audit: { record: async () => undefined },
    limiter: new RateLimiter(new MemoryRateCounters(), () => NOW),
    purchasedPlaces: async () => undefined,
    appUrl: "https://app.example",
    now: () => NOW,
  });
  const owner = { userId: accountId, accountId, role: "owner" as const };
  const inviteMany = (n: number) =>
    Promise.allSettled(
      Array.from({ length: n }, (_, i) =>
        service.invite(owner, { method: "email", displayName: `Person ${i}`, email: `person${i}@example.com` }),
      ),
    );
  return { service, people, sender, inviteMany };
}

describe("simultaneous protected-person invitations", () => {
  it("create one of six on a plan that protects one person, and send one invitation", async () => {
    const account = await accountOn("personal", "race-personal");
    const outcomes = await account.inviteMany(6);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as Error).message] : []));
    expect(refused.every((m) => /protects 1 person|try again/.test(m))).toBe(true);
    expect(await account.people.listPeople("race-personal")).toHaveLength(1);
    expect(account.sender.sent).toHaveLength(1);
  });

  it("all go in on a plan without a limit, each once", async () => {
    const account = await accountOn("enterprise", "race-enterprise");
    const outcomes = await account.inviteMany(4);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(4);
    expect(await account.people.listPeople("race-enterprise")).toHaveLength(4);
    expect(account.sender.sent).toHaveLength(4);
  });
});
