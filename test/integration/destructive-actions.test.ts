import { describe, expect, inject, it } from "vitest";
import { freshProof, type SignedUpPerson, signUp } from "./signed-up-person.js";

/**
 * Issue 35 item 5 on the local stack (cognito-local checks the password): a stolen session alone
 * cannot export the biometric templates, delete them or delete the account; with the password it
 * can, and the owner's contact hears of it at once.
 */
const stack = inject("localStack");

const send = async (person: SignedUpPerson, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { cookie: person.cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

/** The subjects of the messages the outbox holds for this address. */
async function subjectsFor(address: string): Promise<string[]> {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: { to: string[] | string; subject?: string }[];
  };
  return messages.filter((m) => String(m.to).includes(address)).map((m) => m.subject ?? "");
}

describe("destructive actions need fresh proof, and the owner is told", () => {
  it("refuses a session alone or a wrong password, telling nobody and deleting nothing", async () => {
    const person = await signUp(stack.url, "stepup-refused");
    const wrong = { currentPassword: "Wrong-horse-1" };
    expect((await send(person, "DELETE", "/api/account")).status).toBe(400);
    expect((await send(person, "DELETE", "/api/account", wrong)).status).toBe(403);
    expect((await send(person, "DELETE", "/api/biometric", wrong)).status).toBe(403);
    expect((await send(person, "GET", "/api/account/export?include=biometrics")).status).toBe(403);
    expect((await send(person, "POST", "/api/account/export", { include: "biometrics", ...wrong })).status).toBe(403);
    // Still there, still signed in; the plain export (no biometric templates) needs only the session.
    expect((await send(person, "GET", "/api/auth/user")).status).toBe(200);
    expect((await send(person, "GET", "/api/account/export")).status).toBe(200);
    expect(await subjectsFor(person.email)).not.toContainEqual(expect.stringMatching(/exported|deleted/));
  }, 60_000);

  it("with the password: exports the templates, deletes them, deletes the account, each told to the owner at once", async () => {
    const person = await signUp(stack.url, "stepup-allowed");
    const exported = await send(person, "POST", "/api/account/export", { include: "biometrics", ...freshProof() });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/attachment/);
    expect(await subjectsFor(person.email)).toContain("Your biometric data was exported");

    expect((await send(person, "DELETE", "/api/biometric", freshProof())).status).toBe(200);
    expect(await subjectsFor(person.email)).toContain("Your biometric data is being deleted");

    expect((await send(person, "DELETE", "/api/account", freshProof())).status).toBe(200);
    expect(await subjectsFor(person.email)).toContain("Your LikenessGuard account is being deleted");
    expect((await send(person, "GET", "/api/auth/user")).status).toBe(401);
  }, 60_000);
});
