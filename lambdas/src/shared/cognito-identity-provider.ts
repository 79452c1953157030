import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import type { AccountStatus, IdentityProvider, VerifiedIdentity } from "@lg/domain/accounts/ports";
import { DomainError } from "@lg/domain/errors";

const INCORRECT_LOGIN = "Incorrect username or password";

/** Cognito's error names turned into messages a person can act on. */
function explain(error: unknown, during: "signUp" | "confirm" | "resend" | "signIn" | "forgot" | "reset"): never {
  const name = (error as { name?: string }).name ?? "";
  const message = (error as Error).message ?? "";
  if (during === "forgot" || during === "reset") explainPasswordReset(name, during);
  switch (name) {
    case "UsernameExistsException":
      throw new DomainError("conflict", "An account with this email or phone number already exists. Sign in instead.");
    case "InvalidPasswordException":
      if (during === "signIn") throw new DomainError("unauthorized", INCORRECT_LOGIN);
      throw new DomainError("invalid", `Password does not meet the requirements: ${message}`);
    case "CodeMismatchException":
      throw new DomainError("invalid", "Incorrect verification code. Check the 6-digit code and try again.");
    case "ExpiredCodeException":
      throw new DomainError("invalid", "This verification code has expired or was already used. Request a new code.");
    case "TooManyFailedAttemptsException":
    case "LimitExceededException":
    case "TooManyRequestsException":
      throw new DomainError("rate-limited", "Too many attempts. Wait a few minutes and try again.");
    case "UserNotConfirmedException":
      throw new DomainError("forbidden", "Confirm your account with the 6-digit code we sent before signing in.");
    case "UserNotFoundException":
      if (during === "signIn") throw new DomainError("unauthorized", INCORRECT_LOGIN);
      throw new DomainError("not-found", "No sign-up is waiting for this email or phone number. Sign up again.");
    case "NotAuthorizedException":
      if (during === "confirm") {
        // Cognito's answer to confirming an already confirmed user: the code was used before.
        throw new DomainError(
          "invalid",
          "This verification code was already used: your account is confirmed. Sign in.",
        );
      }
      if (during === "resend") throw new DomainError("conflict", "This account is already confirmed. Sign in instead.");
      throw new DomainError("unauthorized", INCORRECT_LOGIN);
    case "InvalidParameterException":
      if (during === "resend" && /confirmed/i.test(message)) {
        throw new DomainError("conflict", "This account is already confirmed. Sign in instead.");
      }
      throw new DomainError("invalid", message || "Invalid sign-up details");
    default:
      throw error;
  }
}

/**
 * Password reset failures that would tell whether an account exists (unknown, unconfirmed, disabled,
 * nothing verified to send to) become 'not-found', which the auth service answers like success.
 */
function explainPasswordReset(name: string, during: "forgot" | "reset"): void {
  switch (name) {
    case "UserNotFoundException":
    case "NotAuthorizedException":
    case "InvalidParameterException":
    case "UnsupportedError":
      throw new DomainError("not-found", "No account can receive a reset code.");
    case "CodeMismatchException":
    case "ExpiredCodeException":
      if (during === "reset") {
        throw new DomainError("invalid", "Incorrect or expired code. Check the 6-digit code, or request a new one.");
      }
  }
}

const attribute = (attrs: { Name?: string; Value?: string }[] | undefined, name: string) =>
  attrs?.find((a) => a.Name === name)?.Value;

export class CognitoIdentityProvider implements IdentityProvider {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly pool: { userPoolId: string; clientId: string },
  ) {}

  async signUp(input: { username: string; password: string; email?: string; phone?: string }) {
    const out = await this.client
      .send(
        new SignUpCommand({
          ClientId: this.pool.clientId,
          Username: input.username,
          Password: input.password,
          UserAttributes: [
            ...(input.email ? [{ Name: "email", Value: input.email }] : []),
            ...(input.phone ? [{ Name: "phone_number", Value: input.phone }] : []),
          ],
        }),
      )
      .catch((e) => explain(e, "signUp"));
    return { destination: out.CodeDeliveryDetails?.Destination ?? input.email ?? input.phone ?? "" };
  }

  async confirmSignUp(username: string, code: string) {
    await this.client
      .send(new ConfirmSignUpCommand({ ClientId: this.pool.clientId, Username: username, ConfirmationCode: code }))
      .catch((e) => explain(e, "confirm"));
  }

  async resendCode(username: string) {
    const out = await this.client
      .send(new ResendConfirmationCodeCommand({ ClientId: this.pool.clientId, Username: username }))
      .catch((e) => explain(e, "resend"));
    return { destination: out.CodeDeliveryDetails?.Destination ?? "" };
  }

  async forgotPassword(username: string) {
    const out = await this.client
      .send(new ForgotPasswordCommand({ ClientId: this.pool.clientId, Username: username }))
      .catch((e) => explain(e, "forgot"));
    return { destination: out.CodeDeliveryDetails?.Destination ?? "" };
  }

  async confirmForgotPassword(username: string, code: string, password: string) {
    await this.client
      .send(
        new ConfirmForgotPasswordCommand({
          ClientId: this.pool.clientId,
          Username: username,
          ConfirmationCode: code,
          Password: password,
        }),
      )
      .catch((e) => explain(e, "reset"));
  }

  async signIn(username: string, password: string): Promise<{ identity: VerifiedIdentity; refreshToken?: string }> {
    const auth = await this.client
      .send(
        new InitiateAuthCommand({
          ClientId: this.pool.clientId,
          AuthFlow: "USER_PASSWORD_AUTH",
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      )
      .catch((e) => explain(e, "signIn"));
    const accessToken = auth.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new DomainError("unauthorized", INCORRECT_LOGIN);
    const user = await this.client.send(new GetUserCommand({ AccessToken: accessToken }));
    const sub = attribute(user.UserAttributes, "sub");
    if (!sub || !user.Username) throw new Error("Identity provider returned a user without sub");
    const email = attribute(user.UserAttributes, "email");
    const phone = attribute(user.UserAttributes, "phone_number");
    const refreshToken = auth.AuthenticationResult?.RefreshToken;
    return {
      identity: { userId: sub, username: user.Username, ...(email ? { email } : {}), ...(phone ? { phone } : {}) },
      ...(refreshToken ? { refreshToken } : {}),
    };
  }

  async revoke(refreshToken: string) {
    await this.client.send(new RevokeTokenCommand({ ClientId: this.pool.clientId, Token: refreshToken }));
  }

  /** The pool accepts the user's sub as Username in Admin* calls, as the username attribute does. */
  async accountStatus(userId: string): Promise<AccountStatus> {
    try {
      const user = await this.client.send(
        new AdminGetUserCommand({ UserPoolId: this.pool.userPoolId, Username: userId }),
      );
      return {
        state: user.Enabled === false ? "disabled" : "active",
        ...(user.UserLastModifiedDate ? { changedAt: new Date(user.UserLastModifiedDate) } : {}),
      };
    } catch (error) {
      if ((error as { name?: string }).name === "UserNotFoundException") return { state: "gone" };
      throw error;
    }
  }

  async signOutEverywhere(userId: string) {
    await this.client
      .send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.pool.userPoolId, Username: userId }))
      .catch((e: { name?: string }) => {
        if (e.name !== "UserNotFoundException") throw e;
      });
  }

  async deleteUser(username: string) {
    await this.client
      .send(new AdminDeleteUserCommand({ UserPoolId: this.pool.userPoolId, Username: username }))
      .catch((e: { name?: string }) => {
        if (e.name !== "UserNotFoundException") throw e;
      });
  }
}
