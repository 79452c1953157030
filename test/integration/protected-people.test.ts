/**
 * Protected people on the local stack (issue 18): an enterprise admin invites a person, who signs
 * up, accepts, consents and enrols in their own user; the admin's scans find the person's planted
 * likeness only once their consent is current, and stop when they withdraw. Scans run the scan
 * state machine over the platform simulator, as production does.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { decodeAudio, faceDescriptors, speakerEmbedding } from "@lg/detection";
import { CONSENT_VERSION } from "@lg/domain/biometrics/consent";
import { sealEmbedding } from "@lg/domain/biometrics/embedding-cipher";
import { SELF_PERSON_ID } from "@lg/domain/records";
import { BillingAccount, toItem } from "@lg/domain/table/index";
import { PLATFORMS } from "@lg/domain/tiers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { loadScenario, scanClients, startScan, waitForScan } from "../support/scan-run.js";
import { clientConfig } from "./local-clients.js";
import { freshProof, type SignedUpPerson, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const { env } = stack;
const mediaDir = env.DEMO_MEDIA_DIR ?? path.resolve("../shared/data");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

type Scenario = Awaited<ReturnType<typeof loadScenario>>;

const call = async (route: string, init: { method?: string; cookie?: string; body?: unknown } = {}) => {
  const res = await fetch(`${stack.url}${route}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string } };
};

/** The invitation link the outbox holds for this address, as the invitee would open it. */
async function invitationToken(address: string): Promise<string> {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string[]; subject?: string; text?: string }[];
  };
  const message = messages.find((m) => m.to.includes(address) && /\/invite\//.test(m.text ?? ""));
  const token = /\/invite\/(\S+)/.exec(message?.text ?? "")?.[1];
  if (!token) throw new Error(`No invitation in the outbox for ${address}`);
  return token;
}

const docClient = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env, "AWS_ENDPOINT_URL_DYNAMODB")), {
    marshallOptions: { removeUndefinedValues: true },
  });

/** The tier as billing's signed webhook would have stored it (the API refuses tiers from clients). */
async function storeAccount(userId: string, tier: "professional" | "enterprise", platforms: string[]) {
  const { accounts } = scanClients(env);
  const now = new Date().toISOString();
  await docClient().send(
    new PutCommand({
      TableName: env.TABLE_NAME,
      Item: toItem(BillingAccount, {
        userId,
        tier,
        status: "active",
        cancelAtPeriodEnd: false,
        trialUsed: false,
        updatedAt: now,
      }),
    }),
  );
  const profile = await accounts.getProfile(userId);
  if (!profile) throw new Error("Signed-up account has no profile");
  expect(profile.membershipTier).toBe(tier);
  await accounts.putProfile({ ...profile, platforms, updatedAt: now });
}

/** The persona's face and voice, sealed in the person's own partition as their three-pose capture leaves them. */
async function sealPersonaSamples(userId: string, scenario: Scenario) {
  const { accounts, keys } = scanClients(env);
  const [face] = await faceDescriptors(
    new Uint8Array(await readFile(path.join(mediaDir, scenario.persona.faceEnrolment))),
  );
  if (!face) throw new Error("No face in the persona's enrolment photo");
  const voiceBytes = new Uint8Array(await readFile(path.join(mediaDir, scenario.persona.voiceEnrolment)));
  const voice = await speakerEmbedding((await decodeAudio(voiceBytes)).samples);
  const now = new Date().toISOString();
  for (const [modality, embedding] of [
    ["face", face.descriptor],
    ["voice", voice],
  ] as const) {
    await accounts.putSample({
      userId,
      personId: SELF_PERSON_ID,
      modality,
      sampleId: `${modality}-capture`,
      source: "live-capture",
      verified: true,
      verifiedBy: modality === "face" ? "live-check" : "server-checked-capture",
      ...(await sealEmbedding(keys, userId, modality, embedding)),
      ...(modality === "face" ? { embeddingModel: face.embeddingModel } : {}),
      quality: {},
      createdAt: now,
    });
  }
}

/** The platforms with the fewest simulated items that still hold planted pictures of the persona. */
function smallPlantedPlatforms(scenario: Scenario): string[] {
  const catalogue = new Set(PLATFORMS.map((p) => p.id));
  const counts = new Map<string, { items: number; planted: number }>();
  for (const item of scenario.items.filter((i) => catalogue.has(i.platform))) {
    const c = counts.get(item.platform) ?? { items: 0, planted: 0 };
    c.items += 1;
    if (item.planted && item.media.some((m) => m.kind === "image")) c.planted += 1;
    counts.set(item.platform, c);
  }
  return [...counts]
    .filter(([, c]) => c.planted > 0)
    .sort((a, b) => a[1].items - b[1].items)
    .slice(0, 2)
    .map(([platform]) => platform);
}

async function plantedHashes(scenario: Scenario, platforms: string[]) {
  const hashes = new Set<string>();
  for (const item of scenario.items.filter((i) => i.planted && platforms.includes(i.platform)))
    for (const m of item.media) hashes.add(sha256(new Uint8Array(await readFile(path.join(mediaDir, m.path)))));
  return hashes;
}

async function scanAccount(userId: string, tag: string) {
  const run = await waitForScan(env, await startScan(env, userId, `people_${tag}`));
  expect(run.status).toBe("SUCCEEDED");
  return scanClients(env).threats.list(userId);
}

describe("protected people, each consenting", () => {
  let scenario: Scenario;
  let admin: SignedUpPerson;
  let member: SignedUpPerson;
  let outsider: SignedUpPerson;
  let platforms: string[];
  let personId: string;
  let token: string;

  beforeAll(async () => {
    scenario = await loadScenario(env);
    platforms = smallPlantedPlatforms(scenario);
    admin = await signUp(stack.url, "people-admin");
    member = await signUp(stack.url, "people-member");
    outsider = await signUp(stack.url, "people-outsider");
    await storeAccount(admin.userId, "enterprise", platforms);
  });

  it("sends an invitation through the outbox and lists the person as invited", async () => {
    const invited = await call("/api/people/invitations", {
      cookie: admin.cookie,
      body: { method: "email", displayName: scenario.persona.displayName, email: member.email },
    });
    expect(invited.status).toBe(201);
    const person = invited.body.person as { personId: string; standing: { state: string } };
    personId = person.personId;
    expect(person.standing.state).toBe("invited");
    token = await invitationToken(member.email);
    const preview = await call("/api/people/invitations/preview", { body: { token } });
    expect(preview.status).toBe(200);
    expect(preview.body.displayName).toBe(scenario.persona.displayName);
  });

  it("accepts the invitation in the invitee's own user, once", async () => {
    const accepted = await call("/api/people/invitations/accept", { cookie: member.cookie, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ personId, consentRequired: true });
    const again = await call("/api/people/invitations/accept", { cookie: outsider.cookie, body: { token } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This invitation has already been used");
  });

  it("does not scan for the person before they consent, even with samples of theirs present", async () => {
    // Left behind as if from an earlier enrolment: without a current consent no scan may use them.
    await sealPersonaSamples(member.userId, scenario);
    const list = await call("/api/people", { cookie: admin.cookie });
    expect((list.body.people as { standing: { state: string; awaiting?: string } }[])[0]?.standing).toMatchObject({
      state: "invited",
      awaiting: "consent",
    });
    const threats = await scanAccount(admin.userId, "before_consent");
    expect(threats.filter((t) => t.personId === personId)).toEqual([]);
  }, 600_000);

  it("finds the person's planted media once they consented and enrolled, and says whom it is about", async () => {
    const consent = await call("/api/consent", {
      cookie: member.cookie,
      body: { version: CONSENT_VERSION, agree: true },
    });
    expect(consent.status).toBe(200);
    const threats = await scanAccount(admin.userId, "after_consent");
    const planted = await plantedHashes(scenario, platforms);
    const theirs = threats.filter((t) => t.personId === personId);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((t) => planted.has(t.mediaSha256.split(":")[0] ?? ""))).toBe(true);
    expect(threats.filter((t) => t.personId === SELF_PERSON_ID)).toEqual([]);

    const list = await call("/api/people", { cookie: admin.cookie });
    const [person] = list.body.people as { standing: { state: string }; threats: { total: number } }[];
    expect(person?.standing.state).toBe("enrolled");
    expect(person?.threats.total).toBe(theirs.length);
    const one = await call(`/api/people/${personId}`, { cookie: admin.cookie });
    expect(one.status).toBe(200);
    expect((one.body.threats as unknown[]).length).toBe(theirs.length);
    // Where they stand, never what they enrolled.
    expect(JSON.stringify(one.body)).not.toMatch(/encryptedEmbedding|encryptedDataKey|objectKey/);
    const mine = await call("/api/people/me", { cookie: member.cookie });
    expect(mine.body.protections).toMatchObject([{ personId, standing: { state: "enrolled" } }]);
  }, 600_000);

  it("shows the person to no other account", async () => {
    const other = await call(`/api/people/${personId}`, { cookie: outsider.cookie });
    expect(other.status).toBe(404);
    expect((await call("/api/people", { cookie: outsider.cookie })).body.people).toEqual([]);
  });

  it("stops scanning for the person and deletes their samples when they withdraw", async () => {
    const before = (await scanClients(env).threats.list(admin.userId)).length;
    const withdrawn = await call("/api/people/me/withdraw", { cookie: member.cookie, body: freshProof() });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ deleted: { samples: 2 }, withdrawn: 1 });
    expect(await scanClients(env).accounts.listSamples(member.userId)).toEqual([]);
    const list = await call("/api/people", { cookie: admin.cookie });
    expect((list.body.people as { standing: { state: string } }[])[0]?.standing.state).toBe("withdrawn");
    const threats = await scanAccount(admin.userId, "after_withdrawal");
    expect(threats.length).toBe(before);
    const log = await call("/api/audit-log", { cookie: admin.cookie });
    const actions = (log.body.entries as { action: string; subject?: string; actorLabel?: string }[])
      .filter((e) => e.subject === personId)
      .map((e) => `${e.action} by ${e.actorLabel}`);
    expect(actions.sort()).toEqual(
      [
        `person.invited by ${admin.email}`,
        `person.accepted by ${member.email}`,
        `person.withdrew by ${member.email}`,
      ].sort(),
    );
  }, 600_000);

  it("refuses an invitation over the plan's limit with the reason", async () => {
    const owner = await signUp(stack.url, "people-pro");
    await storeAccount(owner.userId, "professional", []);
    const consent = await call("/api/consent", {
      cookie: owner.cookie,
      body: { version: CONSENT_VERSION, agree: true },
    });
    expect(consent.status).toBe(200);
    const refused = await call("/api/people/invitations", {
      cookie: owner.cookie,
      body: { method: "email", displayName: "Second Person", email: "second@example.com" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("The Professional plan protects 1 person; upgrade to protect more");
  });

  it("refuses an expired or unknown invitation link with a clear message", async () => {
    const invited = await call("/api/people/invitations", {
      cookie: admin.cookie,
      body: { method: "email", displayName: "Late Person", email: outsider.email },
    });
    expect(invited.status).toBe(201);
    const late = await invitationToken(outsider.email);
    const { personId: lateId } = invited.body.person as { personId: string };
    await docClient().send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { pk: `USER#${admin.userId}`, sk: `PERSON#${lateId}` },
        UpdateExpression: "SET invitationExpiresAt = :past",
        ExpressionAttributeValues: { ":past": "2026-01-01T00:00:00.000Z" },
      }),
    );
    const expired = await call("/api/people/invitations/accept", { cookie: outsider.cookie, body: { token: late } });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toMatch(/^This invitation expired on 2026-01-01; ask the person who invited you/);
    const unknown = await call("/api/people/invitations/accept", {
      cookie: outsider.cookie,
      body: { token: `${late.slice(0, -4)}AAAA` },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^This invitation link is not valid/);
    const signedOut = await call("/api/people/invitations/accept", { body: { token: late } });
    expect(signedOut.status).toBe(401);
  });

  it("refuses a tier named by the client", async () => {
    const invited = await call("/api/people/invitations", {
      cookie: outsider.cookie,
      body: { method: "email", displayName: "X", email: "x@example.com", membershipTier: "enterprise" },
    });
    // The outsider's stored plan is Personal and they are not protected: one person is allowed,
    // and nothing in the body changes which plan is read.
    expect(invited.status).toBe(201);
    const list = await call("/api/people", { cookie: outsider.cookie });
    expect(list.body.limit).toMatchObject({ tier: "personal", maxProtectedPeople: 1, used: 1 });
  });
});
