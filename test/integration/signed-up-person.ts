import { expect } from "vitest";

export const PASSWORD = "Correct-horse-9";

export interface SignedUpPerson {
  userId: string;
  cookie: string;
  email: string;
}

/** Signs a new person up through the API with the code from the outbox, and returns their session cookie. */
export async function signUp(appUrl: string, tag: string): Promise<SignedUpPerson> {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signUpRes = await fetch(`${appUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method: "email", email, password: PASSWORD }),
  });
  const { username } = (await signUpRes.json()) as { username: string };
  const messages = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as {
    messages: { to: string[]; text?: string }[];
  };
  const code = /\b(\d{6})\b/.exec(messages.messages.find((m) => m.to.includes(email))?.text ?? "")?.[1];
  const confirmed = await fetch(`${appUrl}/api/auth/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, code, password: PASSWORD }),
  });
  expect(confirmed.status).toBe(200);
  const { user } = (await confirmed.json()) as { user: { userId: string } };
  const cookie =
    confirmed.headers
      .getSetCookie()
      .find((c) => c.startsWith("lg_session="))
      ?.split(";")[0] ?? "";
  return { userId: user.userId, cookie, email };
}
