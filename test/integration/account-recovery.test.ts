import { describe, expect, inject, it } from "vitest";
import { freshSource, loopbackClient } from "./loopback-source.js";

/** Issue 15's recovery paths on the local stack: codes come from the outbox, as a person's inbox. */
const stack = inject("localStack");
const api = (path: string) => `${stack.url}${path}`;
const PASSWORD = "Correct-horse-9";
const NEW_PASSWORD = "Another-horse-42";

interface OutboxMessage {
  to: string[] | string;
  text: string;
  channel: string;
}

async function messagesTo(to: string): Promise<OutboxMessage[]> {
  const { messages } = (await (await fetch(api("/outbox/api/messages"))).json()) as { messages: OutboxMessage[] };
  return messages.filter((m) => String(m.to).includes(to));
}

async function latestCode(to: string): Promise<string> {
  const code = /\b(\d{6})\b/.exec((await messagesTo(to))[0]?.text ?? "")?.[1];
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

const { postJson } = loopbackClient(stack.url);
/**
 * This file's requests come from a loopback address of their own, so the per-source limits on
 * codes and texts that other test files spent on 127.0.0.1 do not reach them.
 */
const source = freshSource();

interface PostAnswer {
  status: number;
  json(): Promise<unknown>;
  headers: { getSetCookie(): string[] };
}

const post = async (path: string, json: unknown, cookie?: string): Promise<PostAnswer> => {
  const answer = await postJson(path, json, { from: source, ...(cookie ? { cookie } : {}) });
  return {
    status: answer.status,
    json: async () => answer.json(),
    headers: { getSetCookie: () => [answer.headers["set-cookie"] ?? []].flat() },
  };
};

const sessionCookieOf = (res: PostAnswer) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith("lg_session="))
    ?.split(";")[0] ?? "";

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
const messageOf = async (res: PostAnswer) => ((await res.json()) as { message: string }).message;

async function member(tag: string): Promise<{ email: string; cookie: string }> {
  const email = unique(tag);
  expect((await post("/api/auth/signup", { method: "email", email, password: PASSWORD })).status).toBe(200);
  const confirmed = await post("/api/auth/confirm", {
    username: email,
    code: await latestCode(email),
    password: PASSWORD,
  });
  expect(confirmed.status).toBe(200);
  return { email, cookie: sessionCookieOf(confirmed) };
}

describe("accounts that recover", () => {
  it("finishes a sign-up left at the code screen: sign-in asks for the code, resend sends a new one, confirming signs in", async () => {
    const email = unique("pending");
    await post("/api/auth/signup", { method: "email", email, password: PASSWORD });
    const first = await latestCode(email);

    // Signing up again answers as a new sign-up would (no "account exists") and sends a fresh code.
    const again = await post("/api/auth/signup", { method: "email", email, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ username: email, destination: email });
    expect(await messagesTo(email)).toHaveLength(2);
    const signIn = await post("/api/login", { username: email, password: PASSWORD });
    expect(signIn.status).toBe(403);
    expect(await messageOf(signIn)).toMatch(/confirm your account/i);

    expect((await post("/api/auth/resend", { username: email })).status).toBe(200);
    expect(await messagesTo(email)).toHaveLength(3);
    const second = await latestCode(email);
    const confirmed = await post("/api/auth/confirm", { username: email, code: second, password: PASSWORD });
    expect(confirmed.status, `first code ${first}, second ${second}`).toBe(200);
    const cookie = sessionCookieOf(confirmed);
    const me = await fetch(api("/api/auth/user"), { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(email);
  });

  it("answers a sign-up for a confirmed account's address as any sign-up, and sends that address nothing", async () => {
    const { email } = await member("taken");
    const before = (await messagesTo(email)).length;
    const taken = await post("/api/auth/signup", { method: "email", email, password: PASSWORD });
    const nobody = unique("nobody-signup");
    const fresh = await post("/api/auth/signup", { method: "email", email: nobody, password: PASSWORD });
    expect([taken.status, fresh.status]).toEqual([200, 200]);
    expect(await taken.json()).toEqual({ username: email, destination: email });
    expect(await fresh.json()).toEqual({ username: nobody, destination: nobody });
    expect(await messagesTo(email)).toHaveLength(before);
  });

  it("resets a forgotten password with the emailed code, signs in with it and ends the old sessions", async () => {
    const { email, cookie: oldSession } = await member("forgot");
    // Sessions opened within the provider's clock skew (5 s) of a change are kept: step past it, with
    // a margin for the user pool's last-modified time, which the stand-in keeps to whole seconds
    // (5.5 s left a session opened late in a second inside the skew, and the test flaked).
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const nobody = unique("nobody");
    const forMember = await post("/api/auth/forgot-password", { username: email });
    const forNobody = await post("/api/auth/forgot-password", { username: nobody });
    expect(forMember.status).toBe(200);
    expect(forNobody.status).toBe(200);
    expect(await forMember.json()).toEqual(await forNobody.json());
    expect(await messagesTo(nobody)).toHaveLength(0);
    const code = await latestCode(email);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await post("/api/auth/reset-password", { username: email, code: wrong, password: NEW_PASSWORD });
    const unknown = await post("/api/auth/reset-password", { username: nobody, code, password: NEW_PASSWORD });
    expect(refused.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await messageOf(unknown)).toBe(await messageOf(refused));

    const reset = await post("/api/auth/reset-password", { username: email, code, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    const me = await fetch(api("/api/auth/user"), { headers: { cookie: sessionCookieOf(reset) } });
    expect(me.status).toBe(200);

    expect((await post("/api/login", { username: email, password: PASSWORD })).status).toBe(401);
    expect((await post("/api/login", { username: email, password: NEW_PASSWORD })).status).toBe(200);
    // The stack re-checks accounts every second in tests: a session from before the reset ends
    // (polled, so a loaded machine's slower re-check does not fail it; a session that stays fails).
    await expect
      .poll(async () => (await fetch(api("/api/auth/user"), { headers: { cookie: oldSession } })).status, {
        timeout: 15_000,
        interval: 500,
      })
      .toBe(401);
  });

  it("answers a pending sign-up's reset request like anyone's and sends it no reset code", async () => {
    const email = unique("pending-reset");
    await post("/api/auth/signup", { method: "email", email, password: PASSWORD });
    const answer = await post("/api/auth/forgot-password", { username: email });
    expect(answer.status).toBe(200);
    expect(await messagesTo(email)).toHaveLength(1);
  });

  it("texts the reset code to an account that signed up with a phone number", async () => {
    const phone = `+1415${String(Date.now()).slice(-7)}`;
    await post("/api/auth/signup", { method: "phone", phone, password: PASSWORD });
    await post("/api/auth/confirm", { username: phone, code: await latestCode(phone), password: PASSWORD });
    expect((await post("/api/auth/forgot-password", { username: phone })).status).toBe(200);
    const [text] = await messagesTo(phone);
    expect(text?.channel).toBe("sms");
    const reset = await post("/api/auth/reset-password", {
      username: phone,
      code: await latestCode(phone),
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
  });
});
