import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { DynamoDBDocumentClient, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, describe, expect, inject, it } from "vitest";
import { clientConfig } from "./local-clients.js";

const stack = inject("localStack");
const api = (path: string) => `${stack.url}${path}`;
const PASSWORD = "Correct-horse-9";
const doc = DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(stack.env, "AWS_ENDPOINT_URL_DYNAMODB")));
const s3 = new S3Client(clientConfig(stack.env, "AWS_ENDPOINT_URL_S3"));

interface Account {
  userId: string;
  cookie: string;
  email: string;
}

async function latestCode(to: string): Promise<string> {
  const { messages } = (await (await fetch(api("/outbox/api/messages"))).json()) as {
    messages: { to: string; text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(messages.find((m) => m.to.includes(to))?.text ?? "")?.[1];
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

const call = (path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) =>
  fetch(api(path), {
    ...init,
    redirect: "manual",
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.headers as Record<string, string>),
    },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });

const sessionCookieOf = (res: Response) => {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("lg_session="));
  return set?.split(";")[0] ?? "";
};

async function signUpAndConfirm(tag: string): Promise<Account> {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signUp = await call("/api/auth/signup", {
    method: "POST",
    json: { method: "email", email, password: PASSWORD },
  });
  expect(signUp.status).toBe(200);
  const { username } = (await signUp.json()) as { username: string; destination: string };
  const code = await latestCode(email);
  const confirmed = await call("/api/auth/confirm", { method: "POST", json: { username, code, password: PASSWORD } });
  expect(confirmed.status).toBe(200);
  const { user } = (await confirmed.json()) as { user: { userId: string } };
  return { userId: user.userId, cookie: sessionCookieOf(confirmed), email };
}

afterAll(() => {
  doc.destroy();
  s3.destroy();
});

describe("accounts on the local stack", () => {
  it("signs up with a real code, refuses wrong and reused codes, signs in and out with a secure cookie", async () => {
    const email = `ada-${Date.now()}@example.com`;
    const signUp = await call("/api/auth/signup", {
      method: "POST",
      json: { method: "email", email, password: PASSWORD },
    });
    const { username } = (await signUp.json()) as { username: string };
    const code = await latestCode(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await call("/api/auth/confirm", {
      method: "POST",
      json: { username, code: wrong, password: PASSWORD },
    });
    expect(refused.status).toBe(400);
    const refusedMessage = ((await refused.json()) as { message: string }).message;
    expect(refusedMessage).toMatch(/incorrect verification code/i);

    const confirmed = await call("/api/auth/confirm", { method: "POST", json: { username, code, password: PASSWORD } });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const setCookie = confirmed.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/lg_session=[\w-]{43}; HttpOnly; Secure; SameSite=Lax; Path=\/; Max-Age=\d+/);
    const reused = await call("/api/auth/confirm", { method: "POST", json: { username, code, password: PASSWORD } });
    expect(reused.status).toBe(400);
    // A used code, a wrong one and an unknown address read the same: no answer tells who has an account.
    expect(((await reused.json()) as { message: string }).message).toBe(refusedMessage);

    const badLogin = await call("/api/login", { method: "POST", json: { username: email, password: "Wrong-pass-1" } });
    expect(badLogin.status).toBe(401);
    expect(await badLogin.json()).toEqual({ message: "Incorrect username or password" });

    const login = await call("/api/login", { method: "POST", json: { username: email, password: PASSWORD } });
    const cookie = sessionCookieOf(login);
    const me = await call("/api/auth/user", { cookie });
    expect(await me.json()).toMatchObject({ email });

    expect((await call("/api/logout", { cookie })).status, "a GET cannot sign out").toBe(405);
    expect((await call("/api/auth/user", { cookie })).status).toBe(200);
    const logout = await call("/api/logout", { method: "POST", cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join("\n")).toMatch(/lg_session=; .*Max-Age=0/);
    expect((await call("/api/auth/user", { cookie })).status).toBe(401);
    // A visitor with no session at all is signed out, which is an answer, not an error (issue 36 item 25).
    const visitor = await call("/api/auth/user");
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toBeNull();
    const page = await call("/api/login?next=//evil.example");
    expect(page.headers.get("location")).toBe("/signin?next=%2F");
  });

  it("signs up with a phone number: the code is texted to the outbox, a resent code replaces it, and the phone signs in", async () => {
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const refusedFormat = await call("/api/auth/signup", {
      method: "POST",
      json: { method: "phone", phone: "555-0100", password: PASSWORD },
    });
    expect(refusedFormat.status).toBe(400);
    expect(((await refusedFormat.json()) as { message: string }).message).toMatch(/international format/i);

    const signUp = await call("/api/auth/signup", {
      method: "POST",
      json: { method: "phone", phone, password: PASSWORD },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const { username, destination } = (await signUp.json()) as { username: string; destination: string };
    expect(username).toBe(phone);
    expect(destination).toContain(phone.slice(-4));
    const firstCode = await latestCode(phone);

    const resent = await call("/api/auth/resend", { method: "POST", json: { username } });
    expect(resent.status, await resent.clone().text()).toBe(200);
    const secondCode = await latestCode(phone);
    if (secondCode !== firstCode) {
      // A resent code replaces the first one, as in Cognito.
      const stale = await call("/api/auth/confirm", {
        method: "POST",
        json: { username, code: firstCode, password: PASSWORD },
      });
      expect(stale.status).toBe(400);
    }
    const confirmed = await call("/api/auth/confirm", {
      method: "POST",
      json: { username, code: secondCode, password: PASSWORD },
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(await (await call("/api/auth/user", { cookie: sessionCookieOf(confirmed) })).json()).toMatchObject({
      phone,
    });

    // A confirmed account gets the answer an unknown one gets: resend tells no one who has an account.
    const again = await call("/api/auth/resend", { method: "POST", json: { username } });
    const unknown = await call("/api/auth/resend", {
      method: "POST",
      json: { username: `nobody-${Date.now()}@example.com` },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await unknown.json());
    const login = await call("/api/login", { method: "POST", json: { username: phone, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(sessionCookieOf(login)).toMatch(/^lg_session=/);
  });

  it("keeps two users apart on every route, enforces the tier, and erases an account completely", async () => {
    const alice = await signUpAndConfirm("alice");
    const bob = await signUpAndConfirm("bob");

    for (const [method, path] of [
      ["GET", "/api/profile"],
      ["PUT", "/api/profile"],
      ["POST", "/api/scan-preferences"],
      ["GET", "/api/account/export"],
      ["DELETE", "/api/account"],
      ["GET", "/api/consent"],
      ["POST", "/api/upload/face"],
      ["PUT", "/api/biometric/face"],
      ["POST", "/api/biometric-training"],
      ["DELETE", "/api/biometric"],
    ] as const) {
      expect((await call(path, { method })).status, `${method} ${path} without a session`).toBe(401);
    }

    const saved = await call("/api/profile", {
      method: "PUT",
      cookie: alice.cookie,
      // Not zero-knowledge: Alice uploads face photos below, which that mode refuses.
      json: { privacySettings: { legalReportSharing: true }, dataExpiryDays: 30 },
    });
    expect(saved.status).toBe(200);
    const bobProfile = (await (await call("/api/profile", { cookie: bob.cookie })).json()) as Record<string, unknown>;
    expect(bobProfile).toMatchObject({ userId: bob.userId, email: bob.email, dataExpiryDays: 90 });
    expect(bobProfile.privacySettings).toMatchObject({ legalReportSharing: false, anonymousAnalytics: true });
    expect(bobProfile).toMatchObject({ faceEmbeddingPath: "", faceEnrolled: false, membershipTier: "personal" });

    const tooMuch = await call("/api/scan-preferences", {
      method: "POST",
      cookie: alice.cookie,
      json: {
        platforms: ["facebook", "linkedin"],
        scanFrequency: "weekly",
        alertSensitivity: "high",
        autoTakedown: false,
        membershipTier: "personal",
      },
    });
    expect(tooMuch.status).toBe(403);
    expect(((await tooMuch.json()) as { message: string }).message).toMatch(/LinkedIn.*Professional/);

    // No consent, no biometric endpoint.
    expect((await call("/api/upload/face", { method: "POST", cookie: alice.cookie, json: { size: 18 } })).status).toBe(
      403,
    );
    const consent = (await (await call("/api/consent", { cookie: alice.cookie })).json()) as { version: string };
    await call("/api/consent", {
      method: "POST",
      cookie: alice.cookie,
      json: { version: consent.version, agree: true },
    });
    const notAPhoto = "not a photo at all";
    const { uploadURL } = (await (
      await call("/api/upload/face", { method: "POST", cookie: alice.cookie, json: { size: notAPhoto.length } })
    ).json()) as { uploadURL: string };
    expect(uploadURL).toContain(`users/${alice.userId}/uploads/`);
    expect((await fetch(uploadURL, { method: "PUT", body: notAPhoto })).ok).toBe(true);

    // Bob cannot register Alice's upload, even with consent of his own.
    await call("/api/consent", { method: "POST", cookie: bob.cookie, json: { version: consent.version, agree: true } });
    const stolen = await call("/api/biometric/face", { method: "PUT", cookie: bob.cookie, json: { uploadURL } });
    expect(stolen.status).toBe(403);
    const wrongType = await call("/api/biometric/face", { method: "PUT", cookie: alice.cookie, json: { uploadURL } });
    expect(wrongType.status).toBe(415);

    // Over the limit, no upload URL is issued (presigned-upload-limits.test.ts: the stand-in refuses a larger body).
    const tooLarge = await call("/api/upload/face", {
      method: "POST",
      cookie: alice.cookie,
      json: { size: 10 * 1024 * 1024 + 1 },
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { message: string }).message).toMatch(/limit is 10\.0 MB/);

    const malformed = await call("/api/biometric-training", {
      method: "POST",
      cookie: alice.cookie,
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\nbroken",
    });
    expect(malformed.status).toBe(400);

    const exported = await call("/api/account/export", { cookie: alice.cookie });
    expect(exported.headers.get("content-disposition")).toMatch(/attachment/);
    const data = (await exported.json()) as { userId: string; data: Record<string, unknown[]> };
    expect(data.userId).toBe(alice.userId);
    expect(JSON.stringify(data)).not.toContain(bob.userId);

    const deleted = await call("/api/account", {
      method: "DELETE",
      cookie: alice.cookie,
      json: { currentPassword: PASSWORD },
    });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { deleted: { sessions: number } }).deleted.sessions).toBeGreaterThan(0);
    expect((await call("/api/auth/user", { cookie: alice.cookie })).status).toBe(401);
    const left = await doc.send(
      new QueryCommand({
        TableName: stack.env.TABLE_NAME,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": `USER#${alice.userId}` },
      }),
    );
    expect(left.Items ?? []).toEqual([]);
    const objects = await s3.send(
      new ListObjectsV2Command({ Bucket: stack.env.BIOMETRIC_BUCKET, Prefix: `users/${alice.userId}/` }),
    );
    expect(objects.Contents ?? []).toEqual([]);
    const relogin = await call("/api/login", { method: "POST", json: { username: alice.email, password: PASSWORD } });
    expect(relogin.status).toBe(401);
    expect((await call("/api/profile", { cookie: bob.cookie })).status).toBe(200);
  });
});
