import { describe, expect, inject, it } from "vitest";
import { eventually } from "./local-clients.js";
import { signUp } from "./signed-up-person.js";

/** Issue 23 item 8: a protected-person invitation link works only for the address it was sent to. */
const { url: appUrl } = inject("localStack");

const post = async (path: string, cookie: string, body: unknown) => {
  const res = await fetch(`${appUrl}${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const invitationTokenFor = (address: string) =>
  eventually(async () => {
    const { messages } = (await (await fetch(`${appUrl}/outbox/api/messages`)).json()) as {
      messages: { to: string[]; text?: string }[];
    };
    const text = messages.find((m) => m.to.includes(address) && /\/invite\//.test(m.text ?? ""))?.text ?? "";
    return /\/invite\/(\S+)/.exec(text)?.[1];
  });

describe("a protected-person invitation link", () => {
  it("is refused to someone signed in with another address, and taken by the person it was sent to", async () => {
    const [owner, invitee, holder] = await Promise.all([
      signUp(appUrl, "bind-owner"),
      signUp(appUrl, "bind-invitee"),
      signUp(appUrl, "bind-link-holder"),
    ]);
    const invited = await post("/api/people/invitations", owner.cookie, {
      method: "email",
      displayName: "Invited Person",
      email: invitee.email,
    });
    expect(invited.status).toBe(201);
    const token = await invitationTokenFor(invitee.email);
    const stolen = await post("/api/people/invitations/accept", holder.cookie, { token });
    expect(stolen.status).toBe(403);
    expect(JSON.stringify(stolen.body)).not.toContain(invitee.email);
    expect((await post("/api/people/invitations/accept", invitee.cookie, { token })).status).toBe(200);
  }, 120_000);
});
