import { DestructiveActions } from "@lg/domain/accounts/destructive-actions";
import { describe, expect, it } from "vitest";
import { accountWorld } from "./world.js";

const HERE = "192.0.2.10";
const PASSWORD = "Correct-horse-9";

function world() {
  const w = accountWorld();
  const sent: { to: string; subject?: string; text: string }[] = [];
  const actions = new DestructiveActions({
    identity: w.identity,
    limiter: w.limiter,
    store: w.store,
    channels: {
      email: async ({ to, subject, text }) => void sent.push({ to, subject, text }),
      sms: async ({ phoneNumber, text }) => void sent.push({ to: phoneNumber, text }),
    },
    now: () => w.clock.now,
  });
  return { ...w, actions, sent };
}

describe("exporting biometrics, deleting them or the account (issue 35 item 5)", () => {
  it("is refused to a session alone, or with a wrong password, and nobody is told of a refused attempt", async () => {
    const w = world();
    const { userId } = await w.member("ada@example.com");
    for (const action of ["biometrics-export", "biometrics-deletion", "account-deletion"] as const) {
      await expect(w.actions.authorise(userId, action, { currentPassword: "guessed-1" }, HERE)).rejects.toMatchObject({
        kind: "forbidden",
      });
    }
    expect(w.sent).toEqual([]);
  });

  it("goes ahead with the current password, and tells every contact at once what was done", async () => {
    const w = world();
    const { userId } = await w.member("ada@example.com");
    await w.store.putProfile({ ...(await w.store.getProfile(userId))!, phone: "+14155550123" });
    await w.actions.authorise(userId, "biometrics-export", { currentPassword: PASSWORD }, HERE);
    expect(w.sent.map((m) => m.to)).toEqual(["ada@example.com", "+14155550123"]);
    expect(w.sent[0]).toMatchObject({ subject: "Your biometric data was exported" });
    expect(w.sent[0]?.text).toMatch(
      /face and voice templates .* was downloaded .* at 2026-11-22 00:00 UTC, with your password/,
    );
    expect(w.sent[1]?.text).toMatch(/^A copy of your face and voice templates/);
    // The proof's own provider tokens are revoked: it opens no session.
    expect(w.identity.revoked.length).toBeGreaterThan(0);
  });

  it("with an authenticator app on, asks for its current code as well", async () => {
    const w = world();
    const { userId } = await w.member("ada@example.com");
    w.identity.totpUsers.add("ada@example.com");
    await expect(w.actions.authorise(userId, "account-deletion", { currentPassword: PASSWORD }, HERE)).rejects.toThrow(
      /authenticator app as well/,
    );
    await expect(
      w.actions.authorise(userId, "account-deletion", { currentPassword: PASSWORD, currentCode: "000000" }, HERE),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(w.sent).toEqual([]);
    await w.actions.authorise(
      userId,
      "account-deletion",
      { currentPassword: PASSWORD, currentCode: w.identity.totpCode },
      HERE,
    );
    expect(w.sent[0]).toMatchObject({ to: "ada@example.com", subject: "Your LikenessGuard account is being deleted" });
    expect(w.sent[0]?.text).toMatch(/cannot be stopped or undone/);
  });

  it("cannot be used to guess the password faster than sign-in allows", async () => {
    const w = world();
    const { userId } = await w.member("ada@example.com");
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        await w.actions.authorise(userId, "biometrics-deletion", { currentPassword: `guess-${i}` }, HERE).then(
          () => "ok",
          (e: Error) => e.message,
        ),
      );
    }
    expect(answers.at(-1)).toMatch(/Too many attempts/);
  });
});
