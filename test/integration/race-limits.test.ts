import { describe, expect, inject, it } from "vitest";
import { stripeApi } from "./billing-client.js";
import { eventually } from "./local-clients.js";
import { signUp } from "./signed-up-person.js";

/**
 * Issue 23 item 4 on the local stack: limits that a check-then-create let simultaneous requests
 * through, fired at once. Each is decided by one conditional write, so exactly one goes in.
 */
const { url: appUrl, env } = inject("localStack");

const call = async (method: string, path: string, cookie: string, body?: unknown) => {
  const res = await fetch(`${appUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** The team invitation link in the outbox for this address from this account. */
async function teamLink(email: string, account: string) {
  return eventually(async () => {
    const { messages } = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as {
      messages: { to: string[]; text?: string }[];
    };
    const links = messages
      .filter((m) => m.to.includes(email))
      .flatMap((m) => [...(/https?:\/\/\S+\/team\/join\?\S+/.exec(m.text ?? "") ?? [])].map((l) => new URL(l)));
    const link = links.find((l) => l.searchParams.get("account") === account);
    return link ? { account, token: link.searchParams.get("token") ?? "" } : undefined;
  });
}

describe("limits under simultaneous requests", () => {
  it("six protected-person invitations at once on a plan that protects one create one", async () => {
    const owner = await signUp(appUrl, "race-people");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call("POST", "/api/people/invitations", owner.cookie, {
          method: "email",
          displayName: `Person ${i}`,
          email: `race-person-${i}-${Date.now()}@example.com`,
        }),
      ),
    );
    expect(answers.map((a) => a.status).filter((s) => s === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 403 || a.status === 409)).toBe(true);
    const { people } = (await call("GET", "/api/people", owner.cookie)).body as { people: unknown[] };
    expect(people).toHaveLength(1);
  }, 120_000);

  it("two team joins at once put the person on one team", async () => {
    const [teamA, teamB, person] = await Promise.all([
      signUp(appUrl, "race-team-a"),
      signUp(appUrl, "race-team-b"),
      signUp(appUrl, "race-joiner"),
    ]);
    for (const team of [teamA, teamB]) {
      const invited = await call("POST", "/api/team/invitations", team.cookie, {
        email: person.email,
        role: "analyst",
      });
      expect(invited.status).toBe(201);
    }
    const links = [await teamLink(person.email, teamA.userId), await teamLink(person.email, teamB.userId)];
    const joins = await Promise.all(links.map((link) => call("POST", "/api/team/join", person.cookie, link)));
    expect(joins.map((j) => j.status).sort()).toEqual([200, 409]);
    const onTeams = await Promise.all(
      [teamA, teamB].map(async (team) => {
        const view = (await call("GET", "/api/team", team.cookie)).body as { members: { userId: string }[] };
        return view.members.some((m) => m.userId === person.userId);
      }),
    );
    expect(onTeams.filter(Boolean)).toHaveLength(1);
  }, 120_000);

  it("two checkouts paid at once leave one live subscription: the second is cancelled, not charged again", async () => {
    const person = await signUp(appUrl, "race-checkout");
    // Both started before either is paid (two tabs): each passes the no-subscription check.
    const urls = await Promise.all(
      [1, 2].map(async () => {
        const started = await call("POST", "/api/billing/checkout", person.cookie, { tier: "professional" });
        expect(started.status).toBe(200);
        return String(started.body.url);
      }),
    );
    const paid = await Promise.all(
      urls.map((url) =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ card: "4242424242424242" }).toString(),
          redirect: "manual",
        }),
      ),
    );
    expect(paid.map((p) => p.status)).toEqual([303, 303]);
    const statuses = await eventually(async () => {
      const subs = await Promise.all(
        urls.map(async (url) => {
          const session = await stripeApi<{ subscription: string | null }>(
            env,
            "GET",
            `/v1/checkout/sessions/${url.split("/").at(-1)}`,
          );
          return (await stripeApi<{ status: string }>(env, "GET", `/v1/subscriptions/${session.subscription}`)).status;
        }),
      );
      return subs.includes("canceled") ? subs.sort() : undefined;
    });
    expect(statuses.filter((s) => s === "canceled")).toHaveLength(1);
    expect(statuses.filter((s) => s === "active" || s === "trialing")).toHaveLength(1);
    expect((await call("GET", "/api/billing", person.cookie)).body.tier).toBe("professional");
  }, 120_000);
});
