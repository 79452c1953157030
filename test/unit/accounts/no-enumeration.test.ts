import {
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  ConfirmSignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { AccountSecurityService } from "@lg/domain/accounts/account-security";
import { CognitoIdentityProvider } from "@lg/domain/accounts/adapters/cognito-identity-provider";
import { AuthService, CODE_REFUSED } from "@lg/domain/accounts/auth-service";
import { RateLimiter } from "@lg/domain/accounts/rate-limits";
import { DomainError } from "@lg/domain/errors";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryAccountStore, MemoryRateCounters } from "./fakes.js";
import { accountWorld } from "./world.js";

const cognito = mockClient(CognitoIdentityProviderClient);
afterEach(() => cognito.reset());

const HERE = "198.51.100.9";
const cognitoError = (name: string) =>
  new CognitoIdentityProviderServiceException({ name, message: name, $fault: "client", $metadata: {} });

/** What the API answers (kind and words) for a confirmation Cognito refused with `name`. */
async function answerTo(name: string) {
  cognito.on(ConfirmSignUpCommand).rejects(cognitoError(name));
  const auth = new AuthService({
    identity: new CognitoIdentityProvider(new CognitoIdentityProviderClient({ region: "eu-west-1" }), {
      userPoolId: "eu-west-1_pool",
      clientId: "client",
    }),
    store: new MemoryAccountStore(),
    limiter: new RateLimiter(new MemoryRateCounters(), () => new Date()),
    now: () => new Date(),
  });
  const error = await auth.confirm({ username: "someone@example.com", code: "123456", password: "x" }, HERE).then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof DomainError ? `${error.kind}: ${error.message}` : String(error);
}

describe("answers that would tell who has an account", () => {
  it("confirming a code answers a wrong code, an unknown address and a confirmed account alike", async () => {
    const answers = await Promise.all(
      ["CodeMismatchException", "UserNotFoundException", "NotAuthorizedException", "ExpiredCodeException"].map(
        answerTo,
      ),
    );
    expect(new Set(answers)).toEqual(new Set([`invalid: ${CODE_REFUSED}`]));
  });

  it("a new email another account already uses is answered as sent, and its code never comes", async () => {
    const w = accountWorld();
    const { sessionToken } = await w.member("ada@example.com");
    w.identity.requestContactChange = async () => {
      throw new DomainError("conflict", "Another account already uses this email or phone number.");
    };
    const security = new AccountSecurityService({
      provider: w.identity,
      identity: w.identity,
      notices: { tell: async () => undefined },
      store: w.store,
      limiter: w.limiter,
      userIdFor: (token) => w.auth.userIdFor(token),
      now: () => w.clock.now,
    });
    const taken = await security.requestContactChange(
      sessionToken,
      { kind: "email", value: "taken@example.com" },
      { currentPassword: "Correct-horse-9" },
      HERE,
    );
    expect(taken).toEqual({ destination: "taken@example.com" });
  });
});
