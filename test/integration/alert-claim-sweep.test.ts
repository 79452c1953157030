import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoAccountStore } from "@lg/domain/accounts/adapters/dynamo-account-store";
import { DynamoAlertOutbox } from "@lg/domain/scanning/adapters/dynamo-alert-outbox";
import { ALERT_CLAIM_LEASE_MS } from "@lg/domain/scanning/threat-handover";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { describe, expect, inject, it } from "vitest";
import { SCHEDULED_JOBS } from "../../lambdas/src/workflows/tasks.js";
import { lambdaContext } from "../../local/src/lambda/lambda-context.js";
import { clientConfig } from "./local-clients.js";
import { plantThreat } from "./planted-threat.js";
import { signUp } from "./signed-up-person.js";

/** Issue 23 item 6 on the local stack: alerts a handover claimed and died holding go out at the next sweep. */
const { url: appUrl, env } = inject("localStack");
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env, "AWS_ENDPOINT_URL_DYNAMODB")), {
  marshallOptions: { removeUndefinedValues: true },
});

const alertsTo = async (email: string) => {
  const { messages } = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as {
    messages: { channel: string; to: string[]; subject?: string }[];
  };
  return messages.filter(
    (m) => m.channel === "email" && m.to.includes(email) && /new threat|detected on/.test(m.subject ?? ""),
  );
};

describe("a handover killed while sending alerts", () => {
  it("has its claimed alerts sent by the sweeper once the lease has passed", async () => {
    const person = await signUp(appUrl, "killed-handover");
    const accounts = new DynamoAccountStore(doc, env.TABLE_NAME ?? "");
    const profile = await accounts.getProfile(person.userId);
    if (!profile) throw new Error("no profile");
    await accounts.putProfile({
      ...profile,
      email: person.email,
      notificationSettings: { email: true, push: false, sms: false, frequency: "immediate", sensitivity: "low" },
    });
    const threatId = `thr_killed_${Date.now()}`;
    const outbox = new DynamoAlertOutbox(doc, env.TABLE_NAME ?? "");
    const createdAt = new Date().toISOString();
    await outbox.oweIfAbsent({ userId: person.userId, threatId, scanId: "scan_killed", status: "owed", createdAt });
    await plantThreat(new DynamoThreatRepository(doc, env.TABLE_NAME ?? ""), person.userId, threatId);
    // Finish claimed it a lease and a minute ago, then the stack was killed before it sent anything.
    const claimedAt = new Date(Date.now() - ALERT_CLAIM_LEASE_MS - 60_000).toISOString();
    expect(await outbox.claim(person.userId, threatId, claimedAt, "")).toBe(true);
    expect(await alertsTo(person.email)).toEqual([]);

    Object.assign(process.env, env);
    const { handler } = (await import(`../../${SCHEDULED_JOBS.sweepAlertClaims.entry}`)) as {
      handler: (event: unknown, context: unknown) => Promise<{ people: number; threats: number }>;
    };
    const run = await handler({}, lambdaContext("job-sweepAlertClaims"));
    expect(run.threats).toBeGreaterThanOrEqual(1);
    expect(await alertsTo(person.email)).toHaveLength(1);
    // Sent once: the next sweep has nothing of the person's.
    await handler({}, lambdaContext("job-sweepAlertClaims"));
    expect(await alertsTo(person.email)).toHaveLength(1);
  }, 120_000);
});
