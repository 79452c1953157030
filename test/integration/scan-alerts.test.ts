import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DescribeExecutionCommand, ListExecutionsCommand, StopExecutionCommand } from "@aws-sdk/client-sfn";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoScanRepository } from "@lg/domain/scanning/adapters/dynamo-scans";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { enrolPersona, loadScenario, scanClients, waitForScan } from "../support/scan-run.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";

const { url: appUrl, env } = inject("localStack");
const world = { env, mediaDir: env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data") };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const scans = new DynamoScanRepository(
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: "us-east-1",
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    }),
  ),
  env.TABLE_NAME ?? "",
);

interface OutboxMessage {
  channel: string;
  to: string[];
  subject?: string;
  text?: string;
  html?: string;
}
/** The threat alerts that reached the person's inbox (the local SES stand-in's outbox). */
async function alertsTo(email: string) {
  const { messages } = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as { messages: OutboxMessage[] };
  return messages.filter(
    (m) => m.channel === "email" && m.to.includes(email) && /new threat|detected on/.test(m.subject ?? ""),
  );
}
const linkedThreats = (m: OutboxMessage) =>
  [...(m.text ?? "").matchAll(/dashboard\?threat=([\w-]+)/g)].map((x) => x[1]);

const forceScan = (person: SignedUpPerson) =>
  fetch(`${appUrl}/api/scan/force`, { method: "POST", headers: { cookie: person.cookie, origin: appUrl } });

const executionArnOf = (scanId: string) =>
  `${(env.SCAN_STATE_MACHINE_ARN ?? "").replace(":stateMachine:", ":execution:")}:${scanId}`;

/** A signed-up person enrolled as the simulator's persona; every match at 50%+ alerts (sensitivity low), by email only. */
async function enrolledPerson(tag: string, scenario: Awaited<ReturnType<typeof loadScenario>>) {
  const person = await signUp(appUrl, tag);
  await enrolPersona(world, person.userId, scenario);
  const { accounts } = scanClients(env);
  const profile = await accounts.getProfile(person.userId);
  if (!profile) throw new Error("no profile");
  await accounts.putProfile({
    ...profile,
    email: person.email,
    notificationSettings: { email: true, push: false, sms: false, frequency: "immediate", sensitivity: "low" },
  });
  return person;
}

describe("scans and their alerts", () => {
  let scenario: Awaited<ReturnType<typeof loadScenario>>;
  beforeAll(async () => {
    scenario = await loadScenario(env);
  });

  it("six simultaneous forced scans start one execution, whose new threats arrive in one alert message", async () => {
    const ada = await enrolledPerson("force-six", scenario);
    const answers = await Promise.all(Array.from({ length: 6 }, () => forceScan(ada)));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202, 202]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { scanId: string; alreadyRunning: boolean }[];
    expect(bodies.filter((b) => !b.alreadyRunning)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.scanId)).size).toBe(1);

    const { sfn, threats } = scanClients(env);
    const listed = await sfn.send(new ListExecutionsCommand({ stateMachineArn: env.SCAN_STATE_MACHINE_ARN }));
    const inputs = await Promise.all(
      (listed.executions ?? []).map(async (e) =>
        JSON.parse((await sfn.send(new DescribeExecutionCommand({ executionArn: e.executionArn }))).input ?? "{}"),
      ),
    );
    expect(inputs.filter((i) => i.userId === ada.userId)).toHaveLength(1);

    const run = await waitForScan(env, executionArnOf(bodies[0]?.scanId ?? ""));
    expect(run.status).toBe("SUCCEEDED");
    const found = (await threats.list(ada.userId)).map((t) => t.id);
    // How many the simulated world yields depends on detection; each one is listed in the one message.
    expect(found.length).toBeGreaterThan(0);
    const messages = await alertsTo(ada.email);
    expect(messages).toHaveLength(1);
    expect(new Set(linkedThreats(messages[0] as OutboxMessage))).toEqual(new Set(found));
    expect(messages[0]?.html).toMatch(/^<!doctype html>/);
    expect(messages[0]?.text).toContain(`${appUrl}/dashboard?threat=`);
  }, 900_000);

  it("a scan killed after recording threats stops running, alerts them once, and a later scan re-alerts none", async () => {
    const bo = await enrolledPerson("killed-scan", scenario);
    const { threats } = scanClients(env);
    const { scanId } = (await (await forceScan(bo)).json()) as { scanId: string };
    const deadline = Date.now() + 300_000;
    while ((await threats.list(bo.userId)).length === 0 && Date.now() < deadline) await sleep(200);
    await scanClients(env).sfn.send(new StopExecutionCommand({ executionArn: executionArnOf(scanId) }));
    expect((await waitForScan(env, executionArnOf(scanId))).status).toBe("ABORTED");

    // The stand-in announces the abort as Step Functions does; the reconciler settles the scan.
    const settled = Date.now() + 60_000;
    while ((await scans.get(bo.userId, scanId))?.status === "running" && Date.now() < settled) await sleep(200);
    expect((await scans.get(bo.userId, scanId))?.status).toBe("failed");
    while ((await alertsTo(bo.email)).length === 0 && Date.now() < settled) await sleep(200);
    const afterKill = await alertsTo(bo.email);
    expect(afterKill).toHaveLength(1);

    // The slot is free at once (not after 30 minutes), and the next scan alerts only what is new.
    const next = (await (await forceScan(bo)).json()) as { scanId: string; alreadyRunning: boolean };
    expect(next.alreadyRunning).toBe(false);
    expect((await waitForScan(env, executionArnOf(next.scanId))).status).toBe("SUCCEEDED");
    const linked = (await alertsTo(bo.email)).flatMap(linkedThreats);
    expect(linked.length).toBe(new Set(linked).size);
    expect(new Set(linked)).toEqual(new Set((await threats.list(bo.userId)).map((t) => t.id)));
  }, 900_000);
});
