import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { BillingAccount, toItem } from "@lg/domain/table/index";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { expect } from "vitest";
import { clientConfig } from "./local-clients.js";
import { COPY_OF_ENROLLED_PHOTO, PLANTED_MEDIA_SHA256, plantThreat, readyForNotices } from "./planted-threat.js";
import { type SignedUpPerson, signUp } from "./signed-up-person.js";
import type { ProvidedStack } from "./stack-context.js";

/** An organisation's view of the local stack's public API: Settings with a session, /api/v1 with a key. */
export function publicApiClient(stack: ProvidedStack) {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB")), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const threats = new DynamoThreatRepository(doc, stack.env.TABLE_NAME ?? "");
  const enrol = (item: Record<string, unknown>) =>
    doc.send(new PutCommand({ TableName: stack.env.TABLE_NAME, Item: item }));

  /** The tier as billing's signed webhook would have stored it (the API refuses tiers from clients). */
  const setTier = (userId: string, tier: "professional" | "enterprise") =>
    doc.send(
      new PutCommand({
        TableName: stack.env.TABLE_NAME,
        Item: toItem(BillingAccount, {
          userId,
          tier,
          status: "active",
          cancelAtPeriodEnd: false,
          trialUsed: false,
          updatedAt: new Date().toISOString(),
        }),
      }),
    );

  const settings = async (cookie: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const v1 = async (
    key: string,
    method: string,
    path: string,
    init: { body?: unknown; idempotencyKey?: string } = {},
  ) => {
    const res = await fetch(`${stack.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.idempotencyKey ? { "idempotency-key": init.idempotencyKey } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };

  const newKey = async (cookie: string, scopes: string[], extra: Record<string, unknown> = {}) => {
    const made = await settings(cookie, "POST", "/api/api-keys", { name: `key ${scopes.join(" ")}`, scopes, ...extra });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { secret: string; key: { id: string } };
  };

  /**
   * An Enterprise organisation whose owner has a name and address (what a notice states), an enrolled
   * photo, a re-post of it (a threat a DMCA notice by email can rest on) and a deepfake.
   */
  const organisation = async (tag: string): Promise<SignedUpPerson> => {
    const owner = await signUp(stack.url, tag);
    await setTier(owner.userId, "enterprise");
    await readyForNotices(stack.url, owner, enrol, {
      sampleId: `sample-${owner.userId}`,
      mediaSha256: PLANTED_MEDIA_SHA256,
    });
    await plantThreat(threats, owner.userId, `copy-${owner.userId}`, COPY_OF_ENROLLED_PHOTO);
    await plantThreat(threats, owner.userId, `fake-${owner.userId}`);
    return owner;
  };

  /** Prepares and sends the DMCA notice of an organisation's re-posted photo through the API. */
  const sendCopyrightNotice = async (owner: SignedUpPerson, key: string, idempotencyKey: string) => {
    const threatId = `copy-${owner.userId}`;
    const claimCopyright = { sampleId: `sample-${owner.userId}` };
    const prepared = await v1(key, "POST", `/threats/${threatId}/takedowns`, {
      body: { action: "prepare", claimCopyright },
      idempotencyKey: `${idempotencyKey}-prepare`,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const draft = prepared.body as { route: string; recipient: string; requiresConfirmation: string[] };
    const send = { action: "send", confirmations: draft.requiresConfirmation, claimCopyright };
    return {
      draft,
      send,
      threatId,
      answer: await v1(key, "POST", `/threats/${threatId}/takedowns`, { body: send, idempotencyKey }),
    };
  };

  return { doc, threats, setTier, settings, v1, newKey, organisation, sendCopyrightNotice };
}
