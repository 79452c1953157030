import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  type AuthenticationResultType,
  type CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { DomainError } from "../../errors.js";
import type {
  AccountSecurityProvider,
  AccountStatus,
  ContactChange,
  IdentityProvider,
  MfaChallenge,
  SignedIn,
} from "../ports.js";

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

/** Failures of the authenticator and contact-change calls, as a person can act on them. */
function explainSecurity(error: unknown): never {
  const name = (error as { name?: string }).name ?? "";
  switch (name) {
    case "CodeMismatchException":
    case "EnableSoftwareTokenMFAException":
      throw new DomainError("invalid", "That code is not right. Enter the current 6-digit code and try again.");
    case "ExpiredCodeException":
      throw new DomainError("invalid", "This code has expired. Request a new one.");
    case "AliasExistsException":
      throw new DomainError("conflict", "Another account already uses this email or phone number.");
    case "NotAuthorizedException":
      throw new DomainError("unauthorized", "Sign in again to change your account's security settings");
    case "LimitExceededException":
    case "TooManyRequestsException":
    case "TooManyFailedAttemptsException":
      throw new DomainError("rate-limited", "Too many attempts. Wait a few minutes and try again.");
    case "InvalidParameterException":
      throw new DomainError("invalid", (error as Error).message || "Invalid request");
    default:
      throw error;
  }
}

const CONTACT_ATTRIBUTE = { email: "email", phone: "phone_number" } as const;

export class CognitoIdentityProvider implements IdentityProvider, AccountSecurityProvider {
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

  async signIn(username: string, password: string): Promise<SignedIn | MfaChallenge> {
    const auth = await this.client
      .send(
        new InitiateAuthCommand({
          ClientId: this.pool.clientId,
          AuthFlow: "USER_PASSWORD_AUTH",
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      )
      .catch((e) => explain(e, "signIn"));
    if (auth.ChallengeName === "SOFTWARE_TOKEN_MFA" && auth.Session) return { mfaSession: auth.Session };
    return this.signedIn(auth.AuthenticationResult);
  }

  async answerMfaChallenge(username: string, session: string, code: string): Promise<SignedIn> {
    const auth = await this.client
      .send(
        new RespondToAuthChallengeCommand({
          ClientId: this.pool.clientId,
          ChallengeName: "SOFTWARE_TOKEN_MFA",
          Session: session,
          ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      )
      .catch((e: { name?: string }) => {
        if (e.name === "CodeMismatchException") {
          throw new DomainError(
            "invalid",
            "That code is not right. Enter the current code from your authenticator app.",
          );
        }
        if (e.name === "NotAuthorizedException" || e.name === "ExpiredCodeException") {
          throw new DomainError("unauthorized", "This sign-in has expired. Sign in again.");
        }
        return explain(e, "signIn");
      });
    return this.signedIn(auth.AuthenticationResult);
  }

  private async signedIn(result: AuthenticationResultType | undefined): Promise<SignedIn> {
    const accessToken = result?.AccessToken;
    if (!accessToken) throw new DomainError("unauthorized", INCORRECT_LOGIN);
    const user = await this.client.send(new GetUserCommand({ AccessToken: accessToken }));
    const sub = attribute(user.UserAttributes, "sub");
    if (!sub || !user.Username) throw new Error("Identity provider returned a user without sub");
    const email = attribute(user.UserAttributes, "email");
    const phone = attribute(user.UserAttributes, "phone_number");
    const refreshToken = result?.RefreshToken;
    return {
      identity: { userId: sub, username: user.Username, ...(email ? { email } : {}), ...(phone ? { phone } : {}) },
      ...(refreshToken ? { refreshToken } : {}),
    };
  }

  /** A short-lived access token for the person's own calls, from their session's refresh token. */
  private async accessToken(refreshToken: string): Promise<string> {
    const auth = await this.client
      .send(
        new InitiateAuthCommand({
          ClientId: this.pool.clientId,
          AuthFlow: "REFRESH_TOKEN_AUTH",
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      )
      .catch(explainSecurity);
    const token = auth.AuthenticationResult?.AccessToken;
    if (!token) throw new DomainError("unauthorized", "Sign in again to change your account's security settings");
    return token;
  }

  async totpEnabled(userId: string) {
    const user = await this.client.send(
      new AdminGetUserCommand({ UserPoolId: this.pool.userPoolId, Username: userId }),
    );
    return (user.UserMFASettingList ?? []).includes("SOFTWARE_TOKEN_MFA");
  }

  async associateTotp(refreshToken: string) {
    const AccessToken = await this.accessToken(refreshToken);
    const out = await this.client.send(new AssociateSoftwareTokenCommand({ AccessToken })).catch(explainSecurity);
    if (!out.SecretCode) throw new Error("Cognito returned no authenticator secret");
    return { secret: out.SecretCode };
  }

  async enableTotp(refreshToken: string, code: string) {
    const AccessToken = await this.accessToken(refreshToken);
    const out = await this.client
      .send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: code, FriendlyDeviceName: "Authenticator app" }))
      .catch(explainSecurity);
    if (out.Status !== "SUCCESS") {
      throw new DomainError("invalid", "That code is not right. Enter the current 6-digit code and try again.");
    }
    await this.client
      .send(
        new SetUserMFAPreferenceCommand({
          AccessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      )
      .catch(explainSecurity);
  }

  async disableTotp(refreshToken: string) {
    const AccessToken = await this.accessToken(refreshToken);
    await this.client
      .send(
        new SetUserMFAPreferenceCommand({
          AccessToken,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      )
      .catch(explainSecurity);
  }

  async requestContactChange(refreshToken: string, change: ContactChange) {
    const AccessToken = await this.accessToken(refreshToken);
    const out = await this.client
      .send(
        new UpdateUserAttributesCommand({
          AccessToken,
          UserAttributes: [{ Name: CONTACT_ATTRIBUTE[change.kind], Value: change.value }],
        }),
      )
      .catch(explainSecurity);
    return { destination: out.CodeDeliveryDetailsList?.[0]?.Destination ?? change.value };
  }

  async verifyContactChange(refreshToken: string, kind: ContactChange["kind"], code: string) {
    const AccessToken = await this.accessToken(refreshToken);
    await this.client
      .send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: CONTACT_ATTRIBUTE[kind], Code: code }))
      .catch(explainSecurity);
    const user = await this.client.send(new GetUserCommand({ AccessToken }));
    const email = attribute(user.UserAttributes, "email");
    const phone = attribute(user.UserAttributes, "phone_number");
    return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
  }

  async restoreContact(userId: string, contact: ContactChange) {
    const name = CONTACT_ATTRIBUTE[contact.kind];
    await this.client
      .send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: this.pool.userPoolId,
          Username: userId,
          UserAttributes: [
            { Name: name, Value: contact.value },
            // The address was the account's, verified, before the change being undone.
            { Name: `${name}_verified`, Value: "true" },
          ],
        }),
      )
      .catch(explainSecurity);
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

  /**
   * A refresh that Cognito refuses (NotAuthorizedException: revoked by AdminUserGlobalSignOut,
   * GlobalSignOut or RevokeToken, or expired) means the sign-in no longer stands.
   */
  async refreshTokenValid(refreshToken: string) {
    try {
      await this.client.send(
        new InitiateAuthCommand({
          ClientId: this.pool.clientId,
          AuthFlow: "REFRESH_TOKEN_AUTH",
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      );
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === "NotAuthorizedException") return false;
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
