import { describe, expect, it } from "vitest";
import { accountWorld } from "./world.js";

const HERE = "198.51.100.7";
const PASSWORD = "Correct-horse-9";

describe("sign-up for an address that already has an account", () => {
  it("answers exactly as a new sign-up does, so the answer cannot tell who has an account", async () => {
    const w = accountWorld();
    await w.member("member@example.com");
    const taken = await w.auth.signUp({ method: "email", email: "member@example.com", password: PASSWORD }, HERE);
    const fresh = await w.auth.signUp({ method: "email", email: "new@example.com", password: PASSWORD }, HERE);
    expect(taken).toEqual({ username: "member@example.com", destination: "member@example.com" });
    expect(Object.keys(taken)).toEqual(Object.keys(fresh));
    // A confirmed account is sent nothing: the code screen says to sign in if no code comes.
    expect(w.identity.codesResent).toEqual([]);
  });

  it("sends a sign-up still waiting for its code a fresh one, so the code screen finishes it", async () => {
    const w = accountWorld();
    await w.auth.signUp({ method: "email", email: "waiting@example.com", password: PASSWORD }, HERE);
    await w.auth.signUp({ method: "email", email: "waiting@example.com", password: PASSWORD }, HERE);
    expect(w.identity.codesResent).toEqual(["waiting@example.com"]);
  });

  it("sends a waiting sign-up no more fresh codes than the resend limit allows, with the same answer past it", async () => {
    const w = accountWorld();
    const again = () => w.auth.signUp({ method: "email", email: "pumped@example.com", password: PASSWORD }, HERE);
    await again();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await again());
    // resendPerAccount: 3 an hour, the limit `POST /api/auth/resend` has.
    expect(w.identity.codesResent).toHaveLength(3);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });
});
