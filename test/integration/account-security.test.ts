import { describe, expect, inject, it } from "vitest";
import { totp } from "../support/totp.js";
import { freshSource, loopbackClient } from "./loopback-source.js";

/**
 * Issue 15's account security on the local stack (Cognito stand-in, codes through the outbox): an
 * optional authenticator app asked for at sign-in, and a new email that replaces the old one only
 * once the code sent to it is entered.
 */
const stack = inject("localStack");
const PASSWORD = "Correct-horse-9";
const { postJson } = loopbackClient(stack.url);
const source = freshSource();

const post = async (path: string, body: unknown, cookie?: string) => {
  const answer = await postJson(path, body, { from: source, ...(cookie ? { cookie } : {}) });
  const cookies = [answer.headers["set-cookie"] ?? []].flat();
  const next = cookies.find((c) => c.startsWith("lg_session="))?.split(";")[0];
  return { status: answer.status, body: answer.json() as Record<string, unknown>, cookie: next };
};
const get = async (path: string, cookie: string) =>
  (await (await fetch(`${stack.url}${path}`, { headers: { cookie } })).json()) as Record<string, unknown>;

async function codeSentTo(to: string): Promise<string> {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string[] | string; text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(messages.find((m) => String(m.to).includes(to))?.text ?? "")?.[1];
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

async function member(tag: string) {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  expect((await post("/api/auth/signup", { method: "email", email, password: PASSWORD })).status).toBe(200);
  const confirmed = await post("/api/auth/confirm", {
    username: email,
    code: await codeSentTo(email),
    password: PASSWORD,
  });
  expect(confirmed.status).toBe(200);
  return { email, cookie: confirmed.cookie ?? "" };
}

/** The next 30-second step's code, so a code is never used twice within one step. */
const nextStepCode = async (secret: string, after: number) => {
  const step = (t: number) => Math.floor(t / 30_000);
  while (step(Date.now()) <= step(after)) await new Promise((r) => setTimeout(r, 500));
  return totp(secret);
};

describe("an authenticator app (TOTP)", () => {
  it("is enabled with a code from the app; sign-in then asks for the app's code; it can be turned off", async () => {
    const { email, cookie } = await member("totp");
    expect(await get("/api/auth/mfa", cookie)).toEqual({ enabled: false });
    const setup = await post("/api/auth/mfa/setup", { currentPassword: PASSWORD }, cookie);
    expect(setup.status).toBe(200);
    const secret = String(setup.body.secret);
    expect(String(setup.body.otpauthUri)).toMatch(
      /^otpauth:\/\/totp\/LikenessGuard%3A.+\?secret=[A-Z2-7]+&issuer=LikenessGuard$/,
    );

    const wrong = await post("/api/auth/mfa/enable", { code: totp(secret, Date.now() - 600_000) }, cookie);
    expect(wrong.status).toBe(400);
    const enabledAt = Date.now();
    const enabled = await post("/api/auth/mfa/enable", { code: totp(secret) }, cookie);
    expect(enabled.status).toBe(200);
    expect(enabled.cookie).toBeTruthy();
    const session = enabled.cookie ?? "";
    expect(await get("/api/auth/mfa", session)).toEqual({ enabled: true });

    const challenged = await post("/api/login", { username: email, password: PASSWORD });
    expect(challenged.status).toBe(200);
    expect(challenged.cookie).toBeUndefined();
    expect(challenged.body).toMatchObject({ mfaRequired: true, username: email });
    const answer = (code: string) =>
      post("/api/auth/mfa-challenge", { username: email, session: challenged.body.session, code });
    expect((await answer(totp(secret, Date.now() - 600_000))).status).toBe(400);
    const signedIn = await answer(await nextStepCode(secret, enabledAt));
    const signedInAt = Date.now();
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookie).toBeTruthy();
    expect(await get("/api/auth/user", signedIn.cookie ?? "")).toMatchObject({ email });

    // Turning it off asks for both factors afresh; a code is good once, so the next step's.
    const off = await post(
      "/api/auth/mfa/disable",
      { currentPassword: PASSWORD, currentCode: await nextStepCode(secret, signedInAt) },
      signedIn.cookie,
    );
    expect(off.status).toBe(200);
    const plain = await post("/api/login", { username: email, password: PASSWORD });
    expect(plain.cookie).toBeTruthy();
    expect(plain.body.mfaRequired).toBeUndefined();
  }, 180_000);
});

describe("changing the email", () => {
  it("keeps the old email in use until the code sent to the new one is entered", async () => {
    const { email, cookie } = await member("contact");
    const next = `new-${email}`;
    const asked = await post("/api/auth/contact", { kind: "email", value: next, currentPassword: PASSWORD }, cookie);
    expect(asked.status).toBe(200);
    const code = await codeSentTo(next);
    // Until then the old address is the account's: shown, and the one to sign in with.
    expect(await get("/api/auth/contact", cookie)).toEqual({ email });
    expect((await post("/api/login", { username: email, password: PASSWORD })).cookie).toBeTruthy();
    expect(
      (await post("/api/auth/contact/verify", { kind: "email", code: code === "000000" ? "111111" : "000000" }, cookie))
        .status,
    ).toBe(400);

    const verified = await post("/api/auth/contact/verify", { kind: "email", code }, cookie);
    expect(verified.status).toBe(200);
    expect(verified.body.email).toBe(next);
    expect(await get("/api/auth/contact", verified.cookie ?? "")).toEqual({ email: next });
    expect((await post("/api/login", { username: next, password: PASSWORD })).cookie).toBeTruthy();
  }, 120_000);

  it("signs the other devices out at once, the device that changed it staying signed in", async () => {
    const { email, cookie } = await member("contact-devices");
    const other = await post("/api/login", { username: email, password: PASSWORD });
    expect(other.cookie).toBeTruthy();
    const next = `moved-${email}`;
    await post("/api/auth/contact", { kind: "email", value: next, currentPassword: PASSWORD }, cookie);
    const verified = await post("/api/auth/contact/verify", { kind: "email", code: await codeSentTo(next) }, cookie);
    expect(verified.status).toBe(200);
    const status = async (c: string) =>
      (await fetch(`${stack.url}/api/auth/contact`, { headers: { cookie: c } })).status;
    expect(await status(other.cookie ?? "")).toBe(401);
    expect(await status(verified.cookie ?? "")).toBe(200);
  }, 120_000);
});

/** The undo link in the newest message to this address. */
async function undoTokenSentTo(to: string): Promise<string | undefined> {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string[] | string; text: string }[];
  };
  return /\/undo-change#(\S+)/.exec(messages.find((m) => String(m.to).includes(to))?.text ?? "")?.[1];
}

describe("a stolen session cookie (issue 23 item 2)", () => {
  it("cannot turn the authenticator off, set one up or move the email without the current password", async () => {
    const { cookie } = await member("stolen");
    const thief = `thief-${Date.now()}@example.com`;
    for (const body of [{}, { currentPassword: "not-the-password-1" }]) {
      const refused = [
        await post("/api/auth/mfa/disable", body, cookie),
        await post("/api/auth/mfa/setup", body, cookie),
        await post("/api/auth/contact", { kind: "email", value: thief, ...body }, cookie),
      ].map((r) => r.status);
      expect(refused).toEqual("currentPassword" in body ? [403, 403, 403] : [400, 400, 400]);
    }
    await expect(codeSentTo(thief)).rejects.toThrow(/no code/);
    // Refused, yet still signed in: the session was not what was wrong.
    expect((await get("/api/auth/mfa", cookie)).enabled).toBe(false);
  }, 120_000);

  it("tells the old address of an email change, with a link that puts it back and signs every device out", async () => {
    const { email, cookie } = await member("undo");
    const next = `moved-${email}`;
    expect(
      (await post("/api/auth/contact", { kind: "email", value: next, currentPassword: PASSWORD }, cookie)).status,
    ).toBe(200);
    const verified = await post("/api/auth/contact/verify", { kind: "email", code: await codeSentTo(next) }, cookie);
    expect(verified.status).toBe(200);
    const token = await undoTokenSentTo(email);
    expect(token).toBeTruthy();
    expect(await undoTokenSentTo(next)).toBeUndefined();

    const undone = await post("/api/auth/undo-change", { token });
    expect(undone).toMatchObject({ status: 200, body: { undone: "email" } });
    expect((await fetch(`${stack.url}/api/auth/contact`, { headers: { cookie: verified.cookie ?? "" } })).status).toBe(
      401,
    );
    const back = await post("/api/login", { username: email, password: PASSWORD });
    expect(back.cookie).toBeTruthy();
    expect(await get("/api/auth/contact", back.cookie ?? "")).toEqual({ email });
    expect((await post("/api/auth/undo-change", { token })).status).toBe(400);
  }, 120_000);
});

describe("answers that would tell who has an account (issue 23 item 7)", () => {
  it("confirm answers an unknown address, a waiting sign-up's wrong code and a confirmed account alike", async () => {
    const { email: confirmed } = await member("enum-confirmed");
    const waiting = `enum-waiting-${Date.now()}@example.com`;
    expect((await post("/api/auth/signup", { method: "email", email: waiting, password: PASSWORD })).status).toBe(200);
    const wrong = (await codeSentTo(waiting)) === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      [`enum-nobody-${Date.now()}@example.com`, waiting, confirmed].map(async (username) => {
        const answer = await post("/api/auth/confirm", { username, code: wrong, password: PASSWORD });
        return `${answer.status} ${answer.body.message}`;
      }),
    );
    expect(new Set(answers).size).toBe(1);
  }, 120_000);

  it("a new email another account uses is answered as any other: a code sent", async () => {
    const { email: taken } = await member("enum-taken");
    const { cookie } = await member("enum-asker");
    const asked = await post("/api/auth/contact", { kind: "email", value: taken, currentPassword: PASSWORD }, cookie);
    expect(asked).toMatchObject({ status: 200, body: { destination: taken } });
  }, 120_000);
});
