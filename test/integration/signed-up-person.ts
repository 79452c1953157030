import { expect } from "vitest";
import { freshSource, loopbackClient } from "./loopback-source.js";

export const PASSWORD = "Correct-horse-9";

/** What deleting the account or its biometrics, or exporting the biometrics, asks for: the password afresh. */
export const freshProof = () => ({ currentPassword: PASSWORD });

/** A DELETE with that proof as its JSON body. */
export const deleteWithProof = (cookie: string): RequestInit => ({
  method: "DELETE",
  headers: { cookie, "content-type": "application/json" },
  body: JSON.stringify(freshProof()),
});

export interface SignedUpPerson {
  userId: string;
  cookie: string;
  email: string;
}

/**
 * Signs a new person up through the API with the code from the outbox, and returns their session
 * cookie. Each sign-up comes from a loopback address of its own: the product limits sign-ups and
 * code attempts per source, and the suite signs up more people than one source may.
 */
export async function signUp(appUrl: string, tag: string): Promise<SignedUpPerson> {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const client = loopbackClient(appUrl);
  const from = freshSource();
  const signUpRes = await client.postJson("/api/auth/signup", { method: "email", email, password: PASSWORD }, { from });
  expect(signUpRes.status, signUpRes.text).toBe(200);
  const { username } = signUpRes.json() as { username: string };
  const messages = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as {
    messages: { to: string[]; text?: string }[];
  };
  const code = /\b(\d{6})\b/.exec(messages.messages.find((m) => m.to.includes(email))?.text ?? "")?.[1];
  const confirmed = await client.postJson("/api/auth/confirm", { username, code, password: PASSWORD }, { from });
  expect(confirmed.status, confirmed.text).toBe(200);
  const { user } = confirmed.json() as { user: { userId: string } };
  const setCookie = confirmed.headers["set-cookie"] ?? [];
  const cookie = setCookie.find((c) => c.startsWith("lg_session="))?.split(";")[0] ?? "";
  return { userId: user.userId, cookie, email };
}
