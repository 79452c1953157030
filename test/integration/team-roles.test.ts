import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { can, refusalFor } from "@lg/domain/team/policy";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ruleFor } from "../../lambdas/src/api/route-permissions.js";
import { ROUTES, type RouteSpec } from "../../lambdas/src/api/routes.js";
import { clientConfig, eventually } from "./local-clients.js";
import { plantThreat } from "./planted-threat.js";
import { freshProof, type SignedUpPerson, signUp } from "./signed-up-person.js";

const { url: appUrl, env } = inject("localStack");
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env, "AWS_ENDPOINT_URL_DYNAMODB")));
const threats = new DynamoThreatRepository(doc, env.TABLE_NAME ?? "");

type Role = "owner" | "admin" | "analyst";

async function call(method: string, path: string, cookie: string, body?: unknown, contentType = "application/json") {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": contentType }) },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    redirect: "manual",
  });
  const text = await response.text();
  let parsed: { message?: string } & Record<string, unknown> = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // Not JSON (a download, a binary): only the status matters here.
  }
  return { status: response.status, body: parsed };
}

async function invitationLink(email: string): Promise<{ account: string; token: string }> {
  const message = await eventually(async () => {
    const { messages } = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as {
      messages: { to: string[]; subject?: string; text?: string }[];
    };
    return messages.find((m) => m.to.includes(email) && m.subject === "You are invited to a LikenessGuard team");
  });
  const link = new URL(/https?:\/\/\S+\/team\/join\?\S+/.exec(message.text ?? "")?.[0] ?? "");
  return { account: link.searchParams.get("account") ?? "", token: link.searchParams.get("token") ?? "" };
}

async function joinAs(owner: SignedUpPerson, member: SignedUpPerson, role: "admin" | "analyst") {
  const invited = await call("POST", "/api/team/invitations", owner.cookie, { email: member.email, role });
  expect(invited.status).toBe(201);
  const link = await invitationLink(member.email);
  expect(link.account).toBe(owner.userId);
  const joined = await call("POST", "/api/team/join", member.cookie, link);
  expect(joined).toEqual({ status: 200, body: { accountId: owner.userId, role } });
}

const concrete = (route: RouteSpec) => route.path.replace(/\{[^}]+\}/g, "route-test-id");

describe("team roles", () => {
  const people = {} as Record<Role, SignedUpPerson>;
  const threatId = `team-${Date.now()}`;

  beforeAll(async () => {
    people.owner = await signUp(appUrl, "team-owner");
    people.admin = await signUp(appUrl, "team-admin");
    people.analyst = await signUp(appUrl, "team-analyst");
    await joinAs(people.owner, people.admin, "admin");
    await joinAs(people.owner, people.analyst, "analyst");
    await plantThreat(threats, people.owner.userId, threatId);
  });

  it("shows the team: the owner and each member with their role", async () => {
    const team = await call("GET", "/api/team", people.admin.cookie);
    expect(team.status).toBe(200);
    const roles = (team.body.members as { userId: string; role: string }[]).map((m) => [m.userId, m.role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [people.owner.userId, "owner"],
        [people.admin.userId, "admin"],
        [people.analyst.userId, "analyst"],
      ]),
    );
  });

  it("tells each person which account they work on, and as what", async () => {
    expect((await call("GET", "/api/team/me", people.analyst.cookie)).body).toEqual({
      accountId: people.owner.userId,
      role: "analyst",
      own: false,
      ownerEmail: people.owner.email,
    });
    expect((await call("GET", "/api/team/me", people.owner.cookie)).body).toEqual({
      accountId: people.owner.userId,
      role: "owner",
      own: true,
    });
  });

  it("lets an invitation be used only by the address it was sent to", async () => {
    const stranger = await signUp(appUrl, "team-stranger");
    const invitee = `team-other-${Date.now()}@example.com`;
    await call("POST", "/api/team/invitations", people.owner.cookie, { email: invitee, role: "admin" });
    const link = await invitationLink(invitee);
    const taken = await call("POST", "/api/team/join", stranger.cookie, link);
    expect(taken.status).toBe(403);
    expect(taken.body.message).toBe(`This invitation was sent to ${invitee}: sign in with that address`);
    const forged = await call("POST", "/api/team/join", stranger.cookie, { ...link, token: "x".repeat(43) });
    expect(forged.status).toBe(404);
  });

  it("an analyst triages threats on the account but cannot send a notice (403), and the log says who did what", async () => {
    const triaged = await call("PUT", `/api/threats/${threatId}/status`, people.analyst.cookie, {
      status: "false_positive",
    });
    expect(triaged.status).toBe(200);
    expect((await threats.get(people.owner.userId, threatId))?.status).toBe("false_positive");

    const notice = await call("POST", "/api/dmca/send", people.analyst.cookie, {
      threatId,
      confirmations: {},
    });
    expect(notice.status).toBe(403);
    expect(notice.body.message).toBe(refusalFor("notices:send"));
    // The demo's profile setup is open to anyone: signed in, it changes the caller's own profile, never the team's.
    const setup = await call("POST", "/api/demo/profile", people.analyst.cookie, {
      firstName: "Mallory",
      lastName: "Analyst",
      dateOfBirth: "1990-01-01",
      phone: "+14155550199",
      address: "1 Side Street",
      city: "Springfield",
      country: "US",
    });
    expect(setup.status).toBe(200);
    const ownerProfile = await call("GET", "/api/profile", people.owner.cookie);
    expect(ownerProfile.body.firstName).not.toBe("Mallory");
    const draft = await call("POST", "/api/dmca", people.analyst.cookie, { threatId });
    expect(draft.status).toBe(403);
    const checkout = await call("POST", "/api/billing/checkout", people.analyst.cookie, { tier: "professional" });
    expect(checkout.status).toBe(403);
    expect((await call("GET", "/api/audit-log", people.analyst.cookie)).status).toBe(403);

    const log = await call("GET", "/api/audit-log", people.owner.cookie);
    const entries = log.body.entries as {
      action: string;
      actorUserId: string;
      actorLabel?: string;
      subject?: string;
    }[];
    expect(entries[0]).toMatchObject({
      action: "threat.status_changed",
      actorUserId: people.analyst.userId,
      actorLabel: people.analyst.email,
      subject: threatId,
    });
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(["member.invited", "member.joined", "threat.status_changed"]),
    );
    const csv = await fetch(`${appUrl}/api/audit-log?format=csv`, { headers: { cookie: people.admin.cookie } });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="likenessguard-audit-/);
    const rows = (await csv.text()).trim().split("\r\n");
    expect(rows[0]).toBe("at,actorUserId,actorLabel,action,subject,details");
    expect(rows[1]).toContain(`${people.analyst.userId},${people.analyst.email},threat.status_changed,${threatId}`);
    const json = await fetch(`${appUrl}/api/audit-log?format=json`, { headers: { cookie: people.owner.cookie } });
    expect(((await json.json()) as { entries: unknown[] }).entries).toHaveLength(entries.length);
  });

  it("checks every route of the route table with every role, as the policy says", async () => {
    const checked: string[] = [];
    for (const route of ROUTES) {
      const rule = ruleFor(route.group, route.method, route.path);
      // Public routes need no session and sign-in routes act on the person themself: nothing to check by role.
      if (rule === "public") continue;
      for (const role of ["analyst", "admin", "owner"] as Role[]) {
        // Each person's own erasure would end this test's accounts; it runs last, below.
        if (route.method === "DELETE" && route.path === "/api/account") continue;
        const allowed = rule === "signed-in" || can(role, rule);
        // A body no JSON route accepts (415): an allowed route is stopped by its own parsing, not the policy.
        const body = route.method === "GET" || route.method === "DELETE" ? undefined : "not json";
        const answer = await call(route.method, concrete(route), people[role].cookie, body, "text/plain");
        const refused = answer.status === 403 && rule !== "signed-in" && answer.body.message === refusalFor(rule);
        checked.push(`${route.method} ${route.path} ${role}: ${allowed ? "allowed" : "refused"}`);
        expect({ route: `${route.method} ${route.path}`, role, refused }).toEqual({
          route: `${route.method} ${route.path}`,
          role,
          refused: !allowed,
        });
        if (allowed) expect(answer.status).not.toBe(401);
      }
    }
    expect(checked.length).toBeGreaterThan(100);
    // Without a session every one of them is 401.
    for (const route of ROUTES.filter((r) => ruleFor(r.group, r.method, r.path) !== "public")) {
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : "not json";
      expect([route.path, (await call(route.method, concrete(route), "", body, "text/plain")).status]).toEqual([
        route.path,
        401,
      ]);
    }
  });

  it("a removed member works on their own account again; deleting one's account deletes one's own, never the team's", async () => {
    const removed = await call("DELETE", `/api/team/members/${people.analyst.userId}`, people.admin.cookie);
    expect(removed.status).toBe(200);
    const own = await call("GET", `/api/threats/${threatId}`, people.analyst.cookie);
    expect(own.status).toBe(404);
    expect((await call("DELETE", `/api/team/members/${people.owner.userId}`, people.admin.cookie)).status).toBe(400);
    // The admin's erasure is of the admin's own account: they leave the team, the team's account stays.
    expect((await call("DELETE", "/api/account", people.admin.cookie, freshProof())).status).toBe(200);
    const team = await call("GET", "/api/team", people.owner.cookie);
    expect((team.body.members as { userId: string }[]).map((m) => m.userId)).toEqual([people.owner.userId]);
    expect((await call("GET", `/api/threats/${threatId}`, people.owner.cookie)).status).toBe(200);
    expect((await call("DELETE", "/api/account", people.owner.cookie, freshProof())).status).toBe(200);
  });
});
