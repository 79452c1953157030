import {
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
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

const errorOf = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (e: unknown) => e as DomainError,
  );

afterEach(() => cognito.reset());

describe("Cognito password reset answers", () => {
  it("turns every 'this account cannot get a code' answer into not-found, which the service hides", async () => {
    for (const name of ["UserNotFoundException", "NotAuthorizedException", "InvalidParameterException"]) {
      cognito.on(ForgotPasswordCommand).rejects(cognitoError(name));
      const error = await errorOf(provider.forgotPassword("someone@example.com"));
      expect(error, name).toBeInstanceOf(DomainError);
      expect(error?.kind, name).toBe("not-found");
    }
  });

  it("says the same for a wrong and an expired reset code, and keeps Cognito's throttling a rate limit", async () => {
    cognito.on(ConfirmForgotPasswordCommand).rejects(cognitoError("CodeMismatchException"));
    const wrong = await errorOf(provider.confirmForgotPassword("a@example.com", "000000", "New-pass-99"));
    cognito.on(ConfirmForgotPasswordCommand).rejects(cognitoError("ExpiredCodeException"));
    const expired = await errorOf(provider.confirmForgotPassword("a@example.com", "000000", "New-pass-99"));
    expect(wrong?.kind).toBe("invalid");
    expect(expired?.message).toBe(wrong?.message);

    cognito.on(ConfirmForgotPasswordCommand).rejects(cognitoError("LimitExceededException"));
    const limited = await errorOf(provider.confirmForgotPassword("a@example.com", "000000", "New-pass-99"));
    expect(limited?.kind).toBe("rate-limited");
  });

  it("sends the code and the new password to Cognito", async () => {
    cognito.on(ForgotPasswordCommand).resolves({ CodeDeliveryDetails: { Destination: "a***@e***" } });
    expect(await provider.forgotPassword("a@example.com")).toEqual({ destination: "a***@e***" });
    cognito.on(ConfirmForgotPasswordCommand).resolves({});
    await provider.confirmForgotPassword("a@example.com", "123456", "New-pass-99");
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)[0]?.args[0].input).toEqual({
      ClientId: "client",
      Username: "a@example.com",
      ConfirmationCode: "123456",
      Password: "New-pass-99",
    });
  });
});
