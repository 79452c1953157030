import {
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { CognitoIdentityProvider } from "@lg/domain/accounts/adapters/cognito-identity-provider";
import { DomainError } from "@lg/domain/errors";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";

const cognito = mockClient(CognitoIdentityProviderClient);
const provider = new CognitoIdentityProvider(new CognitoIdentityProviderClient({ region: "eu-west-1" }), {
  userPoolId: "eu-west-1_pool",
  clientId: "client",
});

const cognitoError = (name: string, message = name) =>
  new CognitoIdentityProviderServiceException({ name, message, $fault: "client", $metadata: {} });

async function domainErrorOf(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

afterEach(() => cognito.reset());

describe("Cognito answers turned into messages a person can act on", () => {
  it("says a wrong code is wrong, and an expired code has expired and a new one can be requested", async () => {
    cognito.on(ConfirmSignUpCommand).rejects(cognitoError("CodeMismatchException"));
    const wrong = await domainErrorOf(provider.confirmSignUp("+15551234567", "000000"));
    expect(wrong.kind).toBe("invalid");
    expect(wrong.message).toMatch(/incorrect verification code/i);

    cognito.on(ConfirmSignUpCommand).rejects(cognitoError("ExpiredCodeException"));
    const expired = await domainErrorOf(provider.confirmSignUp("+15551234567", "123456"));
    expect(expired.kind).toBe("invalid");
    expect(expired.message).toMatch(/expired.*request a new code/i);
  });

  it("treats confirming an already confirmed account as a used code, and resending to it as a conflict", async () => {
    cognito.on(ConfirmSignUpCommand).rejects(cognitoError("NotAuthorizedException", "User cannot be confirmed"));
    expect((await domainErrorOf(provider.confirmSignUp("a@example.com", "123456"))).message).toMatch(/already used/i);
    cognito.on(ResendConfirmationCodeCommand).rejects(cognitoError("InvalidParameterException", "User is confirmed"));
    expect((await domainErrorOf(provider.resendCode("a@example.com"))).kind).toBe("conflict");
  });

  it("never tells a signer-in whether the account exists", async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError("UserNotFoundException"));
    const unknown = await domainErrorOf(provider.signIn("nobody@example.com", "Pass-word-1"));
    cognito.on(InitiateAuthCommand).rejects(cognitoError("NotAuthorizedException"));
    const wrong = await domainErrorOf(provider.signIn("a@example.com", "Pass-word-1"));
    expect(unknown.message).toBe(wrong.message);
    expect(unknown.kind).toBe("unauthorized");
  });

  it("rate-limits repeated attempts and refuses a taken email or phone", async () => {
    cognito.on(ConfirmSignUpCommand).rejects(cognitoError("TooManyFailedAttemptsException"));
    expect((await domainErrorOf(provider.confirmSignUp("a@example.com", "1"))).kind).toBe("rate-limited");
    cognito.on(SignUpCommand).rejects(cognitoError("UsernameExistsException"));
    const taken = await domainErrorOf(
      provider.signUp({ username: "+15551234567", password: "x", phone: "+15551234567" }),
    );
    expect(taken.kind).toBe("conflict");
  });
});
