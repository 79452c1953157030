import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { afterAll, describe, expect, inject, it } from "vitest";
import { clientConfig } from "./local-clients.js";
import { freshSource, loopbackClient } from "./loopback-source.js";
import { PASSWORD, signUp } from "./signed-up-person.js";

/**
 * Issue 23 item 8 on the local stack: a global sign-out at Cognito (an administrator's
 * AdminUserGlobalSignOut) or the person's own "Sign out of all devices" ends every session of the
 * person within the session re-check (SESSION_RECHECK_SECONDS, 1 s in this suite).
 */
const stack = inject("localStack");
const { send, postJson } = loopbackClient(stack.url);
const cognito = new CognitoIdentityProviderClient(
  clientConfig(stack.env, "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER"),
);
afterAll(() => cognito.destroy());
const pastRecheck = () => new Promise((resolve) => setTimeout(resolve, 1_300));

const signInAgain = async (email: string) => {
  const answer = await postJson("/api/login", { username: email, password: PASSWORD }, { from: freshSource() });
  expect(answer.status, answer.text).toBe(200);
  return answer.headers["set-cookie"]?.find((c) => c.startsWith("lg_session="))?.split(";")[0] ?? "";
};
const signedIn = async (cookie: string) => (await send("/api/auth/user", { headers: { cookie } })).status;

describe("a global sign-out ends every session", () => {
  it("ends both devices' sessions after an administrator's AdminUserGlobalSignOut; a new sign-in works", async () => {
    const person = await signUp(stack.url, "admin-signout");
    const other = await signInAgain(person.email);
    await pastRecheck();
    expect(await signedIn(person.cookie)).toBe(200);
    expect(await signedIn(other)).toBe(200);

    await cognito.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: stack.env.USER_POOL_ID!, Username: person.email }),
    );
    await pastRecheck();
    expect(await signedIn(person.cookie)).toBe(401);
    expect(await signedIn(other)).toBe(401);

    const fresh = await signInAgain(person.email);
    await pastRecheck();
    expect(await signedIn(fresh)).toBe(200);
  }, 120_000);

  it("'Sign out of all devices' on one device ends the other device's session too", async () => {
    const person = await signUp(stack.url, "own-signout");
    const other = await signInAgain(person.email);
    const answer = await postJson("/api/logout/everywhere", undefined, { cookie: other });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers["set-cookie"]?.some((c) => /^lg_session=;/.test(c) || /Max-Age=0/i.test(c))).toBe(true);
    expect(await signedIn(other)).toBe(401);
    expect(await signedIn(person.cookie)).toBe(401);
  }, 120_000);
});
