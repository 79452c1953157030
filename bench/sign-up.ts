const PASSWORD = "Correct-horse-9";

/**
 * A new person signed up through the local stack's API with the code from its outbox, as a
 * benchmark's account: their user id and session cookie.
 */
export async function benchSignUp(appUrl: string, prefix: string) {
  const email = `${prefix}-${Date.now()}@example.com`;
  const res = await fetch(`${appUrl}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method: "email", email, password: PASSWORD }),
  });
  const { username } = (await res.json()) as { username: string };
  const { messages } = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as {
    messages: { to: string[]; text?: string }[];
  };
  const code = /\b(\d{6})\b/.exec(messages.find((m) => m.to.includes(email))?.text ?? "")?.[1];
  const confirmed = await fetch(`${appUrl}/api/auth/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, code, password: PASSWORD }),
  });
  if (confirmed.status !== 200) throw new Error(`sign-up failed: ${confirmed.status} ${await confirmed.text()}`);
  const { user } = (await confirmed.json()) as { user: { userId: string } };
  const cookie = confirmed.headers
    .getSetCookie()
    .find((c) => c.startsWith("lg_session="))
    ?.split(";")[0];
  if (!cookie) throw new Error("no session cookie");
  return { userId: user.userId, cookie };
}
