import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { GetScheduleCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { ENTERPRISE_PRICE_PER_PERSON } from "@lg/domain/billing/plan-catalogue";
import { stripeSignatureHeader } from "@lg/domain/billing/stripe-signature";
import { BillingAccount, toItem } from "@lg/domain/table/index";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { SCHEDULED_JOBS } from "../../lambdas/src/workflows/tasks.js";
import { lambdaContext } from "../../local/src/lambda/lambda-context.js";
import { checkOut, enterpriseContract, stripeApi, stripeKeys } from "./billing-client.js";
import { clientConfig } from "./local-clients.js";
import { freshProof, type SignedUpPerson, signUp } from "./signed-up-person.js";

const { url: appUrl, env } = inject("localStack");

interface Billing {
  tier: string;
  status: string;
  currentPeriodEnd?: string;
  cancelAtPeriodEnd: boolean;
  pending?: { tier: string; from: string };
  canManage: boolean;
  trial: { days: number; available: boolean };
  protectedPeople?: number;
  plans: { tier: string; monthlyAmountCents: number | null; perProtectedPerson: boolean }[];
}

const call = async (method: string, path: string, cookie: string, body?: unknown) => {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};
const billing = async (person: SignedUpPerson) => (await call("GET", "/api/billing", person.cookie)).body as Billing;
const profile = async (person: SignedUpPerson) =>
  (await call("GET", "/api/profile", person.cookie)).body as {
    membershipTier: string;
    platforms: string[];
    scanFrequency: string;
    autoTakedown: boolean;
  };

const PROFESSIONAL_CHOICE = {
  platforms: ["facebook", "linkedin", "tiktok"],
  scanFrequency: "daily",
  alertSensitivity: "high",
  autoTakedown: true,
};

async function postWebhook(payload: string, signature: string | undefined) {
  return fetch(`${appUrl}/api/billing/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });
}

describe("billing decides the tier", () => {
  let ada: SignedUpPerson;
  let subscriptionId: string;

  beforeAll(async () => {
    ada = await signUp(appUrl, "billing");
  });

  it("starts on the base tier with the content file's trial and prices", async () => {
    const summary = await billing(ada);
    expect(summary).toMatchObject({ tier: "personal", status: "none", canManage: false });
    expect(summary.trial).toEqual({ days: 14, available: true });
    expect(summary.plans).toEqual([
      { tier: "personal", name: "Personal", monthlyAmountCents: 1900, perProtectedPerson: false },
      { tier: "professional", name: "Professional", monthlyAmountCents: 4900, perProtectedPerson: false },
      {
        tier: "enterprise",
        name: "Enterprise",
        monthlyAmountCents: ENTERPRISE_PRICE_PER_PERSON * 100,
        perProtectedPerson: true,
      },
    ]);
  });

  it("refuses a tier the client picks: Enterprise for free in /scan-preferences or PUT /api/profile", async () => {
    const asked = await call("POST", "/api/scan-preferences", ada.cookie, {
      platforms: ["facebook", "darkweb", "linkedin"],
      scanFrequency: "hourly",
      alertSensitivity: "high",
      autoTakedown: true,
      membershipTier: "enterprise",
    });
    expect(asked.status).toBe(403);
    expect(asked.body.message).toMatch(/^Your plan is Personal\. Plans change only through billing/);
    const put = await call("PUT", "/api/profile", ada.cookie, { membershipTier: "enterprise" });
    expect(put.status).toBe(403);
    // Without naming a tier, the limits are still the billed tier's.
    const beyond = await call("POST", "/api/scan-preferences", ada.cookie, { ...PROFESSIONAL_CHOICE });
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toMatch(/LinkedIn is available on the Professional plan/);
    expect(await profile(ada)).toMatchObject({ membershipTier: "personal", autoTakedown: false, platforms: [] });
  });

  it("completes a checkout through the stand-in, whose signed webhook raises the tier", async () => {
    const started = await call("POST", "/api/billing/checkout", ada.cookie, { tier: "professional" });
    expect(started.status).toBe(200);
    const page = await (await fetch(started.body.url)).text();
    expect(page).toContain("$49.00");
    expect(page).toContain("14-day free trial");
    expect(page).toContain("Card number");

    const declined = await checkOut(appUrl, ada.cookie, "professional", "4000000000000002");
    expect(declined.status).toBe(402);
    expect((await billing(ada)).tier).toBe("personal");

    const paid = await checkOut(appUrl, ada.cookie, "professional");
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${appUrl}/settings?billing=done`);
    const summary = await billing(ada);
    expect(summary).toMatchObject({ tier: "professional", status: "trialing", canManage: true });
    expect(summary.trial.available).toBe(false);
    const periodEnd = Date.parse(summary.currentPeriodEnd ?? "");
    expect(Math.round((periodEnd - Date.now()) / 86_400_000)).toBe(14);

    const saved = await call("POST", "/api/scan-preferences", ada.cookie, PROFESSIONAL_CHOICE);
    expect(saved.status).toBe(200);
    expect(await profile(ada)).toMatchObject({ membershipTier: "professional", scanFrequency: "daily" });
    const session = await stripeApi<{ subscription: string }>(env, "GET", `/v1/checkout/sessions/${paid.sessionId}`);
    subscriptionId = session.subscription;

    const again = await call("POST", "/api/billing/checkout", ada.cookie, { tier: "professional" });
    expect(again.status).toBe(409);
  });

  it("refuses webhooks without a valid signature, and applies a signed event once", async () => {
    const subscription = await stripeApi<Record<string, unknown>>(env, "GET", `/v1/subscriptions/${subscriptionId}`);
    const forged = JSON.stringify({
      id: `evt_forged_${Date.now()}`,
      object: "event",
      type: "customer.subscription.updated",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          ...subscription,
          items: { data: [{ price: { id: "price_x", metadata: { lg_tier: "enterprise" } } }] },
        },
      },
    });
    const now = Math.floor(Date.now() / 1000);
    const unsigned = await postWebhook(forged, undefined);
    expect(unsigned.status).toBe(400);
    const wrongSecret = await postWebhook(forged, stripeSignatureHeader(forged, "whsec_not_ours", now));
    expect(wrongSecret.status).toBe(400);
    expect(((await wrongSecret.json()) as { message: string }).message).toMatch(/^Webhook signature refused/);
    const { webhookSecret } = await stripeKeys(env);
    const tampered = await postWebhook(
      forged.replace("enterprise", "professional"),
      stripeSignatureHeader(forged, webhookSecret, now),
    );
    expect(tampered.status).toBe(400);
    const replayed = await postWebhook(forged, stripeSignatureHeader(forged, webhookSecret, now - 6 * 60));
    expect(replayed.status).toBe(400);
    expect((await billing(ada)).tier).toBe("professional");

    // Signed with the endpoint secret, an event is Stripe's word: applied once, a redelivery changes nothing.
    const real = JSON.stringify({
      id: `evt_real_${Date.now()}`,
      object: "event",
      type: "customer.subscription.updated",
      created: now,
      data: { object: subscription },
    });
    const signed = await postWebhook(real, stripeSignatureHeader(real, webhookSecret, now));
    expect(await signed.json()).toEqual({ received: true, outcome: "applied" });
    const redelivered = await postWebhook(real, stripeSignatureHeader(real, webhookSecret, now));
    expect(await redelivered.json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await billing(ada)).tier).toBe("professional");
  });

  it("cancellation keeps the plan to the period's end, then lowers limits without losing data", async () => {
    const portal = await call("POST", "/api/billing/portal", ada.cookie);
    expect(portal.status).toBe(200);
    const page = await (await fetch(portal.body.url)).text();
    expect(page).toContain("Cancel plan");
    const cancelled = await fetch(portal.body.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subscription: subscriptionId, action: "cancel" }).toString(),
      redirect: "manual",
    });
    expect(cancelled.status).toBe(303);
    const pending = await billing(ada);
    expect(pending.cancelAtPeriodEnd).toBe(true);
    expect(pending.tier).toBe("professional");
    expect(pending.pending).toEqual({ tier: "personal", from: pending.currentPeriodEnd });
    expect((await profile(ada)).autoTakedown).toBe(true);

    // The period ends (Stripe's test clock): the subscription is deleted and its webhook lowers the tier.
    const clock = await stripeApi<{ frozen_time: number }>(env, "POST", "/v1/test_helpers/test_clocks/local/advance", {
      frozen_time: String(Math.floor(Date.parse(pending.currentPeriodEnd ?? "") / 1000) + 3600),
    });
    expect(clock.frozen_time).toBeGreaterThan(0);
    const after = await billing(ada);
    expect(after).toMatchObject({ tier: "personal", status: "canceled" });
    const lowered = await profile(ada);
    // Nothing deleted: the choice stays stored; scans, schedules and takedowns use what Personal includes.
    expect(lowered).toMatchObject({ membershipTier: "personal", platforms: ["facebook", "linkedin", "tiktok"] });
    const scheduler = new SchedulerClient(clientConfig(env, "AWS_ENDPOINT_URL_SCHEDULER"));
    const schedule = await scheduler.send(
      new GetScheduleCommand({ Name: `scan-${ada.userId}`.slice(0, 64), GroupName: env.SCHEDULER_GROUP }),
    );
    expect(schedule.ScheduleExpression).toBe("rate(7 days)");
    scheduler.destroy();
    const log = await call("GET", "/api/audit-log", ada.cookie);
    const planChanges = (log.body.entries as { action: string; details: { to: string } }[]).filter(
      (e) => e.action === "plan.changed",
    );
    expect(planChanges.map((e) => e.details.to)).toEqual(["personal", "professional"]);
  });

  it("raises an account to Enterprise when sales sets up its contract in Stripe", async () => {
    const bea = await signUp(appUrl, "billing-enterprise");
    const contract = await enterpriseContract(env, bea.userId, bea.email);
    expect(await billing(bea)).toMatchObject({ tier: "enterprise", status: "active" });
    const saved = await call("POST", "/api/scan-preferences", bea.cookie, {
      ...PROFESSIONAL_CHOICE,
      platforms: ["darkweb", "facebook"],
      scanFrequency: "hourly",
    });
    expect(saved.status).toBe(200);

    // Deleting the account ends its subscription: nothing is charged after it, and nothing of it stays.
    expect((await call("DELETE", "/api/account", bea.cookie, freshProof())).status).toBe(200);
    const ended = await stripeApi<{ status: string }>(env, "GET", `/v1/subscriptions/${contract.id}`);
    expect(ended.status).toBe("canceled");
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env, "AWS_ENDPOINT_URL_DYNAMODB")));
    const left = await doc.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `USER#${bea.userId}`, sk: "BILLING" } }),
    );
    expect(left.Item).toBeUndefined();
  });

  it("the hourly job settles a downgrade whose paid period has ended: tier, schedule and audit log", async () => {
    const dan = await signUp(appUrl, "billing-settle");
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env, "AWS_ENDPOINT_URL_DYNAMODB")));
    const putBilling = (item: Record<string, unknown>) =>
      doc.send(
        new PutCommand({
          TableName: env.TABLE_NAME,
          Item: toItem(BillingAccount, {
            userId: dan.userId,
            status: "active",
            cancelAtPeriodEnd: false,
            trialUsed: true,
            updatedAt: new Date().toISOString(),
            ...item,
          }),
        }),
      );
    // Professional as a webhook stored it; daily scans of a Professional platform chosen.
    await putBilling({ tier: "professional" });
    expect((await call("POST", "/api/scan-preferences", dan.cookie, PROFESSIONAL_CHOICE)).status).toBe(200);
    // Downgraded in the portal; the period it was paid for ended a minute ago.
    await putBilling({
      tier: "professional",
      pendingTier: "personal",
      pendingFrom: new Date(Date.now() - 60_000).toISOString(),
    });
    // Check-at-read: lowered already, before the job has run.
    expect((await billing(dan)).tier).toBe("personal");

    Object.assign(process.env, env);
    const { handler } = (await import(`../../${SCHEDULED_JOBS.settleBillingPeriods.entry}`)) as {
      handler: (event: unknown, context: unknown) => Promise<{ settled: number }>;
    };
    const run = await handler({}, lambdaContext("job-settleBillingPeriods"));
    expect(run.settled).toBeGreaterThanOrEqual(1);
    const stored = await doc.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `USER#${dan.userId}`, sk: "BILLING" } }),
    );
    expect(stored.Item).toMatchObject({ tier: "personal" });
    expect(stored.Item?.pendingFrom).toBeUndefined();
    expect(stored.Item?.gsi2pk).toBeUndefined();
    const scheduler = new SchedulerClient(clientConfig(env, "AWS_ENDPOINT_URL_SCHEDULER"));
    const schedule = await scheduler.send(
      new GetScheduleCommand({ Name: `scan-${dan.userId}`.slice(0, 64), GroupName: env.SCHEDULER_GROUP }),
    );
    scheduler.destroy();
    expect(schedule.ScheduleExpression).toBe("rate(7 days)");
    expect(await profile(dan)).toMatchObject({ membershipTier: "personal", platforms: PROFESSIONAL_CHOICE.platforms });
    const log = await call("GET", "/api/audit-log", dan.cookie);
    expect(log.body.entries[0]).toMatchObject({
      action: "plan.changed",
      actorLabel: "Billing provider",
      details: { from: "professional", to: "personal", reason: "billing period ended" },
    });
  });

  it("runs what was paid for from the next scan: checkout to Professional adds its platforms and daily scans", async () => {
    const eve = await signUp(appUrl, "billing-upgrade-runs");
    const personal = { platforms: ["facebook", "reddit"], scanFrequency: "weekly", alertSensitivity: "high" };
    expect((await call("POST", "/api/scan-preferences", eve.cookie, { ...personal, autoTakedown: false })).status).toBe(
      200,
    );
    expect((await checkOut(appUrl, eve.cookie, "professional")).status).toBe(303);
    const raised = await profile(eve);
    expect(raised).toMatchObject({ membershipTier: "professional", scanFrequency: "daily" });
    expect(raised.platforms).toEqual(expect.arrayContaining(["facebook", "reddit", "linkedin", "tiktok", "telegram"]));
    const scheduler = new SchedulerClient(clientConfig(env, "AWS_ENDPOINT_URL_SCHEDULER"));
    const schedule = await scheduler.send(
      new GetScheduleCommand({ Name: `scan-${eve.userId}`.slice(0, 64), GroupName: env.SCHEDULER_GROUP }),
    );
    scheduler.destroy();
    expect(schedule.ScheduleExpression).toBe("rate(1 day)");
  });

  it("needs a signed-in account for checkout, and a number of people within range for Enterprise", async () => {
    expect((await call("POST", "/api/billing/checkout", "", { tier: "professional" })).status).toBe(401);
    const cara = await signUp(appUrl, "billing-enterprise-checkout");
    const unsized = await call("POST", "/api/billing/checkout", cara.cookie, { tier: "enterprise" });
    expect(unsized.status).toBe(400);
    expect(unsized.body.message).toBe("Choose how many people the Enterprise plan protects");
    for (const people of [0, 2.5, 501]) {
      const refused = await call("POST", "/api/billing/checkout", cara.cookie, { tier: "enterprise", people });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/from 1 to 500 people through checkout; contact sales for more$/);
    }
    const perAccount = await call("POST", "/api/billing/checkout", cara.cookie, { tier: "professional", people: 3 });
    expect(perAccount.status).toBe(400);
    const portal = await call("POST", "/api/billing/portal", cara.cookie);
    expect(portal.status).toBe(409);
  });

  it("sells Enterprise per protected person through checkout and holds the account to the people paid for", async () => {
    const org = await signUp(appUrl, "billing-enterprise-seats");
    const paid = await checkOut(appUrl, org.cookie, "enterprise", "4242424242424242", 2);
    expect(paid.status).toBe(303);
    expect(await billing(org)).toMatchObject({ tier: "enterprise", protectedPeople: 2 });
    // The quantity Stripe holds is what was stored: the stand-in's subscription says 2 at $99 each.
    const session = await stripeApi<{ subscription: string }>(env, "GET", `/v1/checkout/sessions/${paid.sessionId}`);
    const paidSubscription = session.subscription;
    const subscription = await stripeApi<{ items: { data: { quantity: number; price: { unit_amount: number } }[] } }>(
      env,
      "GET",
      `/v1/subscriptions/${paidSubscription}`,
    );
    expect(subscription.items.data[0]).toMatchObject({
      quantity: 2,
      price: { unit_amount: ENTERPRISE_PRICE_PER_PERSON * 100 },
    });

    const invite = (n: number) =>
      call("POST", "/api/people/invitations", org.cookie, {
        method: "email",
        displayName: `Executive ${n}`,
        email: `exec${n}-${org.userId}@example.com`,
      });
    expect((await invite(1)).status).toBe(201);
    expect((await invite(2)).status).toBe(201);
    const third = await invite(3);
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(
      "Your Enterprise plan pays for 2 protected people, all in use: add people to your subscription with Manage billing in Settings to protect more",
    );
    const people = (await call("GET", "/api/people", org.cookie)).body as { limit: unknown; people: unknown[] };
    expect(people.people).toHaveLength(2);
    expect(people.limit).toMatchObject({ tier: "enterprise", maxProtectedPeople: 2, used: 2 });

    // More people through the portal, as the message says: the quantity's webhook stores the new number.
    const portal = await call("POST", "/api/billing/portal", org.cookie);
    expect(portal.status).toBe(200);
    const raised = await fetch(portal.body.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subscription: paidSubscription, action: "quantity", quantity: "3" }).toString(),
      redirect: "manual",
    });
    expect(raised.status).toBe(303);
    expect(await billing(org)).toMatchObject({ tier: "enterprise", protectedPeople: 3 });
    expect((await invite(3)).status).toBe(201);
  });
});
