import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, describe, expect, inject, it } from "vitest";
import { storeEnterprise } from "../../bench/local-table.js";
import { clientConfig } from "./local-clients.js";
import { freshSource, loopbackClient } from "./loopback-source.js";
import { PASSWORD, signUp } from "./signed-up-person.js";

/**
 * Issue 23 item 5 on the local stack: texts and emails anyone could make us send in bulk stay
 * within the limits docs/architecture.md states ("Limits"), counted in the outbox.
 */
const { url: appUrl, env } = inject("localStack");
const { postJson } = loopbackClient(appUrl);
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env, "AWS_ENDPOINT_URL_DYNAMODB")));
afterAll(() => doc.destroy());

const outboxTo = async (addresses: string[]) => {
  const { messages } = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as {
    messages: { to: string[] | string; text?: string }[];
  };
  return messages.filter((m) => addresses.some((a) => String(m.to).includes(a)));
};

describe("messages sent on anyone's behalf", () => {
  it("phone invitations text at most smsPerSource from one address, with none of the inviter's words", async () => {
    const owner = await signUp(appUrl, "pump-inviter");
    // Enterprise (no limit on protected people).
    await storeEnterprise(doc, env.TABLE_NAME ?? "", owner.userId);
    const from = freshSource();
    const stamp = String(Date.now()).slice(-6);
    const numbers = Array.from({ length: 8 }, (_, i) => `+1555${stamp}${i}`);
    const answers = [];
    for (const phone of numbers) {
      answers.push(
        (
          await postJson(
            "/api/people/invitations",
            { method: "phone", displayName: "Visit evil.example now", phone },
            { cookie: owner.cookie, from },
          )
        ).status,
      );
    }
    expect(answers.filter((s) => s === 201)).toHaveLength(3);
    expect(answers.filter((s) => s === 429)).toHaveLength(5);
    const texts = await outboxTo(numbers);
    expect(texts).toHaveLength(3);
    expect(texts.map((t) => t.text ?? "").join(" ")).not.toContain("evil.example");
  }, 120_000);

  it("signing up again with a waiting address sends no more codes than the resend limit", async () => {
    const email = `pump-signup-${Date.now()}@example.com`;
    const from = freshSource();
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push((await postJson("/api/auth/signup", { method: "email", email, password: PASSWORD }, { from })).text);
    }
    // The first sign-up's code, then resendPerAccount (3 an hour); every answer the same.
    expect(await outboxTo([email])).toHaveLength(4);
    expect(new Set(answers).size).toBe(1);
  }, 120_000);
});
