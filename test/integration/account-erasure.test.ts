import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { GetScheduleCommand, SchedulerClient } from "@aws-sdk/client-scheduler";
import { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { DynamoAccountStore } from "@lg/domain/accounts/adapters/dynamo-account-store";
import { DynamoErasedAccounts } from "@lg/domain/accounts/adapters/dynamo-erased-accounts";
import { S3EvidenceStore } from "@lg/domain/scanning/adapters/s3-evidence";
import { S3ItemManifests } from "@lg/domain/scanning/adapters/s3-item-manifests";
import { writeEvidencePackage } from "@lg/domain/scanning/evidence";
import { manifestKey, userManifestPrefix } from "@lg/domain/scanning/item-manifests";
import { afterAll, describe, expect, inject, it } from "vitest";
import { SCHEDULED_JOBS } from "../../lambdas/src/workflows/tasks.js";
import { lambdaContext } from "../../local/src/lambda/lambda-context.js";
import { clientConfig } from "./local-clients.js";
import { deleteWithProof, PASSWORD, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const s3 = new S3Client(clientConfig(stack.env, "AWS_ENDPOINT_URL_S3"));
const evidence = new S3EvidenceStore(s3, stack.env.EVIDENCE_BUCKET ?? "");
const manifests = new S3ItemManifests(s3, stack.env.SCAN_WORK_BUCKET ?? "");
const scheduler = new SchedulerClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_SCHEDULER"));
const dynamo = new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB"));
const doc = DynamoDBDocumentClient.from(dynamo);

afterAll(() => {
  s3.destroy();
  scheduler.destroy();
  dynamo.destroy();
});

const api = async (route: string, cookie: string, body?: unknown, method = body === undefined ? "GET" : "POST") => {
  const res = await fetch(`${stack.url}${route}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** The records of protections in a person's own partition, read from the table itself. */
const protectionItems = async (userId: string) =>
  (
    await doc.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
        ExpressionAttributeValues: { ":pk": `USER#${userId}`, ":sk": "PROTECTEDBY#" },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

/** The invitation link the outbox holds for this address, as the invitee would open it. */
async function invitationToken(address: string): Promise<string> {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string[]; text?: string }[];
  };
  const message = messages.find((m) => m.to.includes(address) && /\/invite\//.test(m.text ?? ""));
  const token = /\/invite\/(\S+)/.exec(message?.text ?? "")?.[1];
  if (!token) throw new Error(`No invitation in the outbox for ${address}`);
  return token;
}

const scanSchedule = (userId: string) =>
  scheduler.send(new GetScheduleCommand({ Name: `scan-${userId}`, GroupName: stack.env.SCHEDULER_GROUP })).then(
    (s) => s.Name,
    () => undefined,
  );

const keysUnder = async (bucket: string | undefined, prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

/** What a scan leaves for a matched item: media, page metadata, detection result and manifest. */
const capture = (userId: string, n: number) =>
  writeEvidencePackage(evidence, {
    userId,
    media: {
      bytes: new TextEncoder().encode(`captured media ${userId} ${n}`),
      contentType: "image/jpeg",
      url: `https://www.reddit.com/media/${n}.jpg`,
    },
    page: { url: `https://www.reddit.com/r/pics/comments/${n}/`, platform: "reddit", title: "a post" },
    detection: { faceMatch: 0.91 },
    capturedAt: new Date().toISOString(),
  });

describe("deleting an account on the local stack", () => {
  it("leaves nothing of the person in the biometric, evidence or scan-work bucket, and keeps everyone else's", async () => {
    const alice = await signUp(stack.url, "erase-alice");
    const bob = await signUp(stack.url, "erase-bob");
    for (const n of [1, 2, 3]) await capture(alice.userId, n);
    await capture(bob.userId, 1);
    await s3.send(
      new PutObjectCommand({
        Bucket: stack.env.BIOMETRIC_BUCKET,
        Key: `users/${alice.userId}/uploads/voice-upload`,
        Body: new Uint8Array([1, 2, 3]),
      }),
    );
    expect(await keysUnder(stack.env.EVIDENCE_BUCKET, `evidence/${alice.userId}/`)).toHaveLength(12);
    // What a scan's Discover leaves for its Distributed Map: a manifest per platform, a day at most.
    const item = [{ platformId: "reddit", kind: "post", url: "https://reddit.test/p/1" }];
    await manifests.write(manifestKey(alice.userId, "scan_a", "reddit"), item);
    await manifests.write(manifestKey(bob.userId, "scan_b", "reddit"), item);
    const prefs = await fetch(`${stack.url}/api/scan-preferences`, {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": "application/json" },
      body: JSON.stringify({
        platforms: ["reddit"],
        scanFrequency: "weekly",
        alertSensitivity: "high",
        autoTakedown: false,
        membershipTier: "personal",
      }),
    });
    expect(prefs.status, await prefs.clone().text()).toBe(200);
    expect(await scanSchedule(alice.userId)).toBe(`scan-${alice.userId}`);

    const deleted = await fetch(`${stack.url}/api/account`, deleteWithProof(alice.cookie));
    expect(deleted.status).toBe(200);
    const { deleted: what } = (await deleted.json()) as { deleted: { evidenceObjects: number; objects: number } };
    expect(what).toMatchObject({ evidenceObjects: 12, objects: 1 });

    expect(await keysUnder(stack.env.EVIDENCE_BUCKET, `evidence/${alice.userId}/`)).toEqual([]);
    expect(await keysUnder(stack.env.BIOMETRIC_BUCKET, `users/${alice.userId}/`)).toEqual([]);
    expect(await keysUnder(stack.env.SCAN_WORK_BUCKET, userManifestPrefix(alice.userId))).toEqual([]);
    const everything = [
      ...(await keysUnder(stack.env.EVIDENCE_BUCKET, "")),
      ...(await keysUnder(stack.env.BIOMETRIC_BUCKET, "")),
      ...(await keysUnder(stack.env.SCAN_WORK_BUCKET, "")),
    ];
    expect(everything.filter((key) => key?.includes(alice.userId))).toEqual([]);
    expect(await keysUnder(stack.env.EVIDENCE_BUCKET, `evidence/${bob.userId}/`)).toHaveLength(4);
    expect(await keysUnder(stack.env.SCAN_WORK_BUCKET, userManifestPrefix(bob.userId))).toHaveLength(1);
    // No scheduled scan starts for the deleted account.
    expect(await scanSchedule(alice.userId)).toBeUndefined();
  });

  it("takes the account off the list of those protecting each person it invited, in their own partition", async () => {
    const owner = await signUp(stack.url, "erase-owner");
    const person = await signUp(stack.url, "erase-protected");
    const invited = await api("/api/people/invitations", owner.cookie, {
      method: "email",
      displayName: "Protected Person",
      email: person.email,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const accepted = await api("/api/people/invitations/accept", person.cookie, {
      token: await invitationToken(person.email),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await api("/api/people/me", person.cookie)).body.protections).toHaveLength(1);
    expect(await protectionItems(person.userId)).toHaveLength(1);

    const deleted = await fetch(`${stack.url}/api/account`, deleteWithProof(owner.cookie));
    expect(deleted.status).toBe(200);

    expect(await protectionItems(person.userId)).toEqual([]);
    expect((await api("/api/people/me", person.cookie)).body.protections).toEqual([]);
    // The person's own account is theirs and stays.
    expect((await api("/api/auth/user", person.cookie)).status).toBe(200);
  });
});

describe("an account erasure a crash cut short (issue 35 item 8)", () => {
  it("is finished from its tombstone by the resume job: items, evidence, sign-in account, and the tombstone names nobody", async () => {
    const alice = await signUp(stack.url, "erase-resumed");
    const bob = await signUp(stack.url, "erase-kept");
    await capture(alice.userId, 1);
    const profile = await new DynamoAccountStore(doc, stack.env.TABLE_NAME ?? "").getProfile(alice.userId);
    expect(profile?.username).toBeTruthy();
    // Half done: the tombstone written (20 minutes ago, past any function's run), the biometric
    // uploads gone, then the crash; the profile, the evidence and the sign-in account are left.
    const tombstones = new DynamoErasedAccounts(doc, stack.env.TABLE_NAME ?? "");
    await tombstones.mark(alice.userId, new Date(Date.now() - 20 * 60_000), profile?.username);
    expect(await keysUnder(stack.env.EVIDENCE_BUCKET, `evidence/${alice.userId}/`)).toHaveLength(4);

    Object.assign(process.env, stack.env);
    const { handler } = (await import(`../../${SCHEDULED_JOBS.resumeErasures.entry}`)) as {
      handler: (event: unknown, context: unknown) => Promise<{ resumed: number; failed: number }>;
    };
    expect(await handler({}, lambdaContext("job-resumeErasures"))).toEqual({ resumed: 1, failed: 0 });

    expect(await keysUnder(stack.env.EVIDENCE_BUCKET, `evidence/${alice.userId}/`)).toEqual([]);
    const left = await doc.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": `USER#${alice.userId}` },
        ConsistentRead: true,
      }),
    );
    expect(left.Items ?? []).toEqual([]);
    expect((await api("/api/auth/user", alice.cookie)).status).toBe(401);
    const signIn = await fetch(`${stack.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: alice.email, password: PASSWORD }),
    });
    expect(signIn.headers.get("set-cookie") ?? "").not.toContain("lg_session=");
    expect(await tombstones.isErased(alice.userId)).toBe(true);
    expect(await tombstones.unfinished(new Date())).toEqual([]);
    expect((await api("/api/auth/user", bob.cookie)).status).toBe(200);
  }, 60_000);
});
