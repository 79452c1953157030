import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { afterAll, describe, expect, inject, it } from "vitest";
import { clientConfig } from "./local-clients.js";
import { freshSource, loopbackClient } from "./loopback-source.js";
import { PASSWORD, signUp } from "./signed-up-person.js";

const stack = inject("localStack");
const cognito = new CognitoIdentityProviderClient(
  clientConfig(stack.env, "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER"),
);
afterAll(() => cognito.destroy());

const { send, postJson } = loopbackClient(stack.url);

async function outboxTo(to: string): Promise<{ text?: string }[]> {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string[]; text?: string }[];
  };
  return messages.filter((m) => m.to.includes(to));
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Past the stack's session recheck lifetime (global-setup sets 1 s). */
const pastRecheck = () => wait(1_300);

describe("bad input answers 4xx with a clear message (16.6)", () => {
  it("refuses malformed percent-encoding on the API and on the web origin with 400", async () => {
    const person = await signUp(stack.url, "encoding");
    const api = await send("/api/threats/%E0%A4%A", { headers: { cookie: person.cookie } });
    expect(api.status).toBe(400);
    expect(api.json().message).toMatch(/percent-encoding/i);
    const web = await send("/x%ZZ");
    expect(web.status).toBe(400);
    expect(web.text).toMatch(/percent-encoding/i);
  });

  it("refuses ids of 1,018+ characters on every {id} route and the DMCA threatId with 400", async () => {
    const person = await signUp(stack.url, "long-id");
    const id = "a".repeat(1_100);
    for (const [method, path] of [
      ["GET", `/api/threats/${id}`],
      ["PUT", `/api/threats/${id}/status`],
      ["GET", `/api/threats/${id}/evidence`],
      ["GET", `/api/threats/${id}/preview`],
      ["DELETE", `/api/push/subscriptions/${id}`],
      ["GET", `/api/demo/threats/${id}/preview`],
    ] as const) {
      const res =
        method === "PUT"
          ? await postJson(path, { status: "dismissed" }, { cookie: person.cookie, method })
          : await send(path, { method, headers: { cookie: person.cookie } });
      expect(res.status, `${method} /${path.split("/").slice(2, 3)}`).toBe(400);
      expect(res.text, `${method} ${path.slice(0, 30)}`).toMatch(/too long/);
    }
    for (const path of ["/api/dmca", "/api/dmca/send"]) {
      const res = await postJson(path, { threatId: id }, { cookie: person.cookie });
      expect(res.status, path).toBe(400);
      expect(res.json().message).toMatch(/threatId is too long/);
    }
  });

  it("bounds profile fields, signed in and on the anonymous demo: no item near 400 KB is ever written", async () => {
    const person = await signUp(stack.url, "big-profile");
    const setup = {
      firstName: "Ada",
      lastName: "Lovelace",
      dateOfBirth: "1815-12-10",
      phone: "+14155550123",
      address: "12 St James's Square",
      city: "London",
      country: "UK",
    };
    const huge = await postJson(
      "/api/profile",
      { ...setup, bio: "x".repeat(450_000) },
      {
        cookie: person.cookie,
        method: "PUT",
      },
    );
    expect(huge.status).toBe(413);
    expect(huge.json().message).toMatch(/too large/);
    const long = await postJson(
      "/api/profile",
      { ...setup, bio: "x".repeat(5_000) },
      {
        cookie: person.cookie,
        method: "PUT",
      },
    );
    expect(long.status).toBe(400);
    expect(long.json().message).toBe("Bio is too long (at most 2000 characters)");
    const settings = await postJson(
      "/api/profile",
      { notificationSettings: { extra: "y".repeat(10_000) } },
      { cookie: person.cookie, method: "PUT" },
    );
    expect(settings.status).toBe(400);

    const demo = await postJson(
      "/api/demo/profile",
      { ...setup, address: "z".repeat(50_000) },
      { from: freshSource() },
    );
    expect(demo.status).toBe(400);
    expect(demo.json().message).toMatch(/Address is too long/);
  });
});

describe("CSRF (16.7)", () => {
  it("accepts JSON bodies only as application/json: text/plain and form bodies get 415", async () => {
    const body = JSON.stringify({ username: "someone@example.com", password: "whatever-1" });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await send("/api/login", { method: "POST", headers: { "content-type": type }, body });
      expect(res.status, type).toBe(415);
      expect(res.json().message).toMatch(/application\/json/);
    }
    const none = await send("/api/login", { method: "POST", body });
    expect(none.status).toBe(415);
  });

  it("refuses state-changing requests from another site with 403, and takes them from the app's own origin", async () => {
    const person = await signUp(stack.url, "csrf");
    const change = { privacySettings: { anonymousAnalytics: false } };
    const request = (headers: Record<string, string>) =>
      send("/api/profile", {
        method: "PUT",
        headers: { "content-type": "application/json", cookie: person.cookie, ...headers },
        body: JSON.stringify(change),
      });
    const foreign = await request({ origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.json().message).toMatch(/Cross-site request refused/);
    expect((await request({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await request({ "sec-fetch-site": "same-site", origin: "http://sub.localhost:1" })).status).toBe(403);
    const logoutFromElsewhere = await send("/api/logout", {
      method: "POST",
      headers: { cookie: person.cookie, origin: "https://evil.example" },
    });
    expect(logoutFromElsewhere.status).toBe(403);

    const own = await request({
      origin: new URL(stack.env.APP_URL ?? stack.url).origin,
      "sec-fetch-site": "same-origin",
    });
    expect(own.status, own.text).toBe(200);
    // Reads stay open to the page's own navigation and are never refused for their origin.
    expect(
      (await send("/api/profile", { headers: { cookie: person.cookie, "sec-fetch-site": "cross-site" } })).status,
    ).toBe(200);
  });
});

describe("rate limits (16.4)", () => {
  it("refuses the right code after five wrong ones from one source, and after twenty from any sources, with 429 and Retry-After", async () => {
    const email = `codes-${Date.now()}@example.com`;
    expect((await postJson("/api/auth/signup", { method: "email", email, password: PASSWORD })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec((await outboxTo(email))[0]?.text ?? "")?.[1] ?? "";
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const guesser = freshSource();
    const tryCode = (value: string, from: string) =>
      postJson("/api/auth/confirm", { username: email, code: value, password: PASSWORD }, { from });
    // codePerAccountSource: 5 per 15 min from one address.
    for (let i = 0; i < 5; i++) expect((await tryCode(wrong, guesser)).status).toBe(400);
    const right = await tryCode(code, guesser);
    expect(right.status).toBe(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(right.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    expect(right.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    // codePerAccount: 20 per 15 min from all addresses (the refused one above spent nothing).
    for (let i = 0; i < 15; i++) expect((await tryCode(wrong, freshSource())).status).toBe(400);
    expect((await tryCode(code, freshSource())).status).toBe(429);
  });

  it("answers an unknown account and a wrong password alike, limits both alike per source, and lets the owner in from elsewhere", async () => {
    const person = await signUp(stack.url, "guess");
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers: string[][] = [[], []];
    const guessers = [freshSource(), freshSource()];
    for (let i = 0; i < 11; i++) {
      for (const [n, username] of [person.email, unknown].entries()) {
        const res = await postJson("/api/login", { username, password: `Wrong-pass-${i}` }, { from: guessers[n] });
        answers[n]?.push(`${res.status} ${res.json().message}`);
      }
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.[0]).toBe("401 Incorrect username or password");
    expect(answers[0]?.[10]).toMatch(/^429 Too many attempts/);
    // The guesser's address stays refused, even with the real password; the owner's does not.
    const fromGuesser = await postJson(
      "/api/login",
      { username: person.email, password: PASSWORD },
      { from: guessers[0] },
    );
    expect(fromGuesser.status).toBe(429);
    const fromOwner = await postJson(
      "/api/login",
      { username: person.email, password: PASSWORD },
      { from: freshSource() },
    );
    expect(fromOwner.status).toBe(200);
  });

  it("resends to a waiting sign-up three times an hour from one source, and answers unknown and confirmed accounts alike", async () => {
    const email = `resend-${Date.now()}@example.com`;
    await postJson("/api/auth/signup", { method: "email", email, password: PASSWORD });
    const statuses: number[] = [];
    const from = freshSource();
    for (let i = 0; i < 4; i++)
      statuses.push((await postJson("/api/auth/resend", { username: email }, { from })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await outboxTo(email)).toHaveLength(4);

    const confirmed = await signUp(stack.url, "resend-confirmed");
    const a = await postJson("/api/auth/resend", { username: confirmed.email }, { from: freshSource() });
    const b = await postJson(
      "/api/auth/resend",
      { username: `nobody-${Date.now()}@example.com` },
      { from: freshSource() },
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.text).toBe(b.text);
  });

  it("texts at most three phone numbers from one source an hour", async () => {
    const source = freshSource();
    const base = Number(String(Date.now()).slice(-6)) * 10;
    const numbers = [0, 1, 2, 3].map(
      (i) =>
        `+1555${String(base + i)
          .padStart(7, "0")
          .slice(-7)}`,
    );
    const statuses: number[] = [];
    for (const phone of numbers) {
      statuses.push(
        (await postJson("/api/auth/signup", { method: "phone", phone, password: PASSWORD }, { from: source })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await outboxTo(numbers[3]!)).toEqual([]);
  });

  it("stores at most twenty anonymous demo profiles per source an hour", async () => {
    const source = freshSource();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await postJson("/api/demo/profile", { demoType: "personal" }, { from: source })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // The address is the connection's, as CloudFront's is the viewer's: a claimed one changes nothing.
    const claimed = await send("/api/demo/profile", {
      method: "POST",
      headers: { "content-type": "application/json", "x-lg-viewer-address": "192.0.2.77" },
      body: JSON.stringify({ demoType: "personal" }),
      from: source,
    });
    expect(claimed.status).toBe(429);
    expect((await postJson("/api/demo/profile", { demoType: "personal" }, { from: freshSource() })).status).toBe(200);
  });
});

describe("sessions end with the account (16.5)", () => {
  const pool = { UserPoolId: stack.env.USER_POOL_ID! };

  it("ends the old cookie once the account is disabled, and it stays ended when re-enabled", async () => {
    const person = await signUp(stack.url, "disabled");
    expect((await send("/api/profile", { headers: { cookie: person.cookie } })).status).toBe(200);
    await cognito.send(new AdminDisableUserCommand({ ...pool, Username: person.email }));
    await pastRecheck();
    expect((await send("/api/profile", { headers: { cookie: person.cookie } })).status).toBe(401);
    const write = await postJson(
      "/api/profile",
      { privacySettings: { anonymousAnalytics: false } },
      {
        cookie: person.cookie,
        method: "PUT",
      },
    );
    expect(write.status).toBe(401);
    await cognito.send(new AdminEnableUserCommand({ ...pool, Username: person.email }));
    await pastRecheck();
    expect((await send("/api/auth/user", { headers: { cookie: person.cookie } })).status).toBe(401);
  });

  it("ends the old cookie once the account is deleted in Cognito", async () => {
    const person = await signUp(stack.url, "deleted");
    await cognito.send(new AdminDeleteUserCommand({ ...pool, Username: person.email }));
    await pastRecheck();
    expect((await send("/api/threats", { headers: { cookie: person.cookie } })).status).toBe(401);
  });

  it("ends sessions opened before a password change; a sign-in with the new password works", async () => {
    const person = await signUp(stack.url, "new-password");
    await pastRecheck();
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.env.USER_POOL_CLIENT_ID!,
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: person.email, PASSWORD },
      }),
    );
    // The provider's clock and ours may differ by a few seconds: the change must come after the session.
    await wait(5_500);
    const newPassword = "Battery-staple-7";
    await cognito.send(
      new ChangePasswordCommand({
        AccessToken: auth.AuthenticationResult?.AccessToken ?? "",
        PreviousPassword: PASSWORD,
        ProposedPassword: newPassword,
      }),
    );
    await pastRecheck();
    expect((await send("/api/profile", { headers: { cookie: person.cookie } })).status).toBe(401);
    const again = await postJson(
      "/api/login",
      { username: person.email, password: newPassword },
      { from: freshSource() },
    );
    expect(again.status).toBe(200);
    const cookie = (again.headers["set-cookie"] ?? []).find((c) => c.startsWith("lg_session="))?.split(";")[0] ?? "";
    await pastRecheck();
    expect((await send("/api/profile", { headers: { cookie } })).status).toBe(200);
  });
});
