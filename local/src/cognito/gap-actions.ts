import { randomUUID } from "node:crypto";
import {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
  UsernameExistsError,
} from "cognito-local/lib/errors.js";
import type { Services } from "cognito-local/lib/services/index.js";
import { selectAppropriateDeliveryMethod } from "cognito-local/lib/services/messageDelivery/deliveryMethod.js";
import { verify as verifyTotp } from "cognito-local/lib/services/totp.js";
import type { User } from "cognito-local/lib/services/userPoolService.js";

type Ctx = Parameters<Services["cognito"]["getUserPoolForClientId"]>[0];
type Body = Record<string, unknown>;
/** Answers an action, or returns undefined to let cognito-local answer it. */
export type GapAction = (ctx: Ctx, body: Body) => Promise<{ status: number; body: unknown } | undefined>;

const E164 = /^\+[1-9]\d{6,14}$/;
type Attribute = { Name: string; Value?: string };

/** The claims of a cognito-local access token (it signs them itself; the front only routes by them). */
function accessTokenClaims(token: string): { sub: string; client_id: string } {
  const payload = token.split(".")[1];
  const claims = payload
    ? (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>)
    : {};
  if (typeof claims.sub !== "string" || typeof claims.client_id !== "string") throw new NotAuthorizedError();
  return { sub: claims.sub, client_id: claims.client_id };
}

const answer = async (work: () => Promise<unknown>) => {
  try {
    return { status: 200, body: await work() };
  } catch (error) {
    if (error instanceof CognitoError) return { status: 400, body: { __type: error.code, message: error.message } };
    throw error;
  }
};

/**
 * Cognito actions cognito-local lacks, implemented with its own services so users, codes and
 * delivery stay in one place:
 * - ResendConfirmationCode: not implemented by cognito-local at all.
 * - SignUp with a phone number as username: cognito-local insists on '@' whenever email is a
 *   username attribute, while Cognito accepts an E.164 phone number when phone_number is one too.
 * - AdminUserGlobalSignOut: not implemented by cognito-local; as in Cognito, the user's refresh
 *   tokens stop working.
 * - UpdateUserAttributes of the email or phone: as Cognito with "keep original attribute value
 *   active when an update is pending", the new value waits (UnverifiedAttributeChanges) and its code
 *   goes to the new address; cognito-local's own VerifyUserAttribute then applies it. cognito-local
 *   would send the code to the old address (pools made before the setting existed have no setting).
 * - RespondToAuthChallenge for SOFTWARE_TOKEN_MFA: cognito-local neither checks that the Session
 *   is one its InitiateAuth issued for that user, nor keeps the refresh token it issues (so
 *   REFRESH_TOKEN_AUTH refuses it), and it moves UserLastModifiedDate at every such sign-in, which
 *   would end the person's other sessions. As Cognito: the session is that user's, for 3
 *   minutes, and ends once it signed in; the refresh token is kept; the user is not modified.
 * - ForgotPassword: cognito-local sends only to an email (phone-only accounts fail), sends to
 *   unconfirmed accounts that have nothing verified, and moves UserLastModifiedDate, which would end
 *   the person's sessions whenever anyone asks for a reset. As Cognito does: a confirmed account's
 *   code goes to its email or phone, an unconfirmed one is refused, the account is not modified.
 */
/** How long an authenticator challenge may be answered, as Cognito's sign-in session. */
const CHALLENGE_SECONDS = 180;

/** The SOFTWARE_TOKEN_MFA sessions InitiateAuth issued: Session -> the username it was issued to. */
export class MfaChallenges {
  private readonly open = new Map<string, { username: string; until: number }>();
  /** Called with each InitiateAuth answer (and its request's username) that the front passed through. */
  issued(request: Record<string, unknown>, answer: unknown) {
    const { ChallengeName, Session } = (answer ?? {}) as { ChallengeName?: string; Session?: string };
    const username = (request.AuthParameters as Record<string, string> | undefined)?.USERNAME;
    if (ChallengeName !== "SOFTWARE_TOKEN_MFA" || !Session || !username) return;
    this.open.set(Session, { username: username.toLowerCase(), until: Date.now() + CHALLENGE_SECONDS * 1000 });
  }
  /** Whether the session was issued to this username and is still open. */
  isOpen(session: string, username: string): boolean {
    const entry = this.open.get(session);
    return entry !== undefined && entry.until > Date.now() && entry.username === username.toLowerCase();
  }
  /** A session that signed in cannot sign in again. */
  close(session: string) {
    this.open.delete(session);
  }
}

export function gapActions(services: Services, challenges: MfaChallenges): Record<string, GapAction> {
  const { cognito, messages, otp, clock, tokenGenerator } = services;

  const deliverCode = async (
    ctx: Ctx,
    source: "SignUp" | "ResendCode" | "ForgotPassword",
    clientId: string,
    pool: Awaited<ReturnType<typeof cognito.getUserPoolForClientId>>,
    user: User,
    clientMetadata: Record<string, string> | undefined,
  ) => {
    const code = otp();
    const details = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
    if (!details) throw new InvalidParameterError("User has no attribute matching desired auto verified attributes");
    await messages.deliver(ctx, source, clientId, pool.options.Id, user, code, clientMetadata, details);
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code });
    return details;
  };

  return {
    RespondToAuthChallenge: async (ctx, body) => {
      if (body.ChallengeName !== "SOFTWARE_TOKEN_MFA") return undefined;
      return answer(async () => {
        const clientId = String(body.ClientId ?? "");
        const responses = (body.ChallengeResponses as Record<string, string> | undefined) ?? {};
        const username = responses.USERNAME ?? "";
        const session = String(body.Session ?? "");
        if (!challenges.isOpen(session, username)) throw new NotAuthorizedError();
        const pool = await cognito.getUserPoolForClientId(ctx, clientId);
        const client = await cognito.getAppClient(ctx, clientId);
        const user = await pool.getUserByUsername(ctx, username);
        if (!user || !client) throw new NotAuthorizedError();
        const secret = user.SoftwareTokenMfaConfiguration?.Secret;
        const code = responses.SOFTWARE_TOKEN_MFA_CODE ?? "";
        if (!secret || !user.SoftwareTokenMfaConfiguration?.Verified || !verifyTotp(secret, code)) {
          throw new CodeMismatchError();
        }
        const groups = await pool.listUserGroupMembership(ctx, user);
        const tokens = await tokenGenerator.generate(
          ctx,
          user,
          groups,
          client,
          body.ClientMetadata as Record<string, string> | undefined,
          "Authentication",
        );
        await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
        challenges.close(session);
        return { ChallengeParameters: {}, AuthenticationResult: tokens };
      });
    },

    UpdateUserAttributes: async (ctx, body) => {
      const changes = (body.UserAttributes as Attribute[] | undefined) ?? [];
      const contact = changes.filter((a) => a.Name === "email" || a.Name === "phone_number");
      // Other attributes are cognito-local's to update.
      if (contact.length !== 1 || changes.length !== 1) return undefined;
      const [change] = contact as [Attribute];
      return answer(async () => {
        const claims = accessTokenClaims(String(body.AccessToken ?? ""));
        const pool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
        const user = await pool.getUserByUsername(ctx, claims.sub);
        if (!user) throw new NotAuthorizedError();
        const value = change.Value ?? "";
        const holder = await pool.getUserByUsername(ctx, value);
        if (holder && holder.Username !== user.Username) {
          throw new CognitoError(
            "AliasExistsException",
            "An account with the given email or phone number already exists.",
          );
        }
        const code = otp();
        const pending = { ...user, UnverifiedAttributeChanges: [change], AttributeVerificationCode: code } as User;
        await pool.saveUser(ctx, pending);
        const details =
          change.Name === "email"
            ? ({ AttributeName: "email", DeliveryMedium: "EMAIL", Destination: value } as const)
            : ({ AttributeName: "phone_number", DeliveryMedium: "SMS", Destination: value } as const);
        await messages.deliver(ctx, "UpdateUserAttribute", null, pool.options.Id, pending, code, undefined, details);
        return { CodeDeliveryDetailsList: [details] };
      });
    },

    AdminUserGlobalSignOut: (ctx, body) =>
      answer(async () => {
        const pool = await cognito.getUserPool(ctx, String(body.UserPoolId ?? ""));
        const user = await pool.getUserByUsername(ctx, String(body.Username ?? ""));
        if (!user) throw new UserNotFoundError("User does not exist.");
        await pool.saveUser(ctx, { ...user, RefreshTokens: [] } as User);
        return {};
      }),

    ForgotPassword: (ctx, body) =>
      answer(async () => {
        const clientId = String(body.ClientId ?? "");
        const pool = await cognito.getUserPoolForClientId(ctx, clientId);
        const user = await pool.getUserByUsername(ctx, String(body.Username ?? ""));
        if (!user) throw new UserNotFoundError("Username/client id combination not found.");
        if (user.UserStatus !== "CONFIRMED") {
          throw new InvalidParameterError(
            "Cannot reset password for the user as there is no registered/verified email or phone_number",
          );
        }
        const details = await deliverCode(
          ctx,
          "ForgotPassword",
          clientId,
          pool,
          user,
          body.ClientMetadata as Record<string, string> | undefined,
        );
        return { CodeDeliveryDetails: details };
      }),

    ResendConfirmationCode: (ctx, body) =>
      answer(async () => {
        const clientId = String(body.ClientId ?? "");
        const pool = await cognito.getUserPoolForClientId(ctx, clientId);
        const user = await pool.getUserByUsername(ctx, String(body.Username ?? ""));
        if (!user) throw new UserNotFoundError("Username/client id combination not found.");
        if (user.UserStatus === "CONFIRMED") throw new InvalidParameterError("User is already confirmed.");
        const details = await deliverCode(
          ctx,
          "ResendCode",
          clientId,
          pool,
          user,
          body.ClientMetadata as Record<string, string> | undefined,
        );
        return { CodeDeliveryDetails: details };
      }),

    SignUp: async (ctx, body) => {
      const username = String(body.Username ?? "");
      if (username.includes("@") || !E164.test(username)) return undefined;
      const clientId = String(body.ClientId ?? "");
      const pool = await cognito.getUserPoolForClientId(ctx, clientId);
      if (!pool.options.UsernameAttributes?.includes("phone_number")) return undefined;
      return answer(async () => {
        if (await pool.getUserByUsername(ctx, username)) throw new UsernameExistsError();
        const sub = randomUUID();
        const given = ((body.UserAttributes as Attribute[] | undefined) ?? []).filter((a) => a.Name !== "sub");
        const attributes: Attribute[] = [{ Name: "sub", Value: sub }, ...given];
        if (!attributes.some((a) => a.Name === "phone_number"))
          attributes.push({ Name: "phone_number", Value: username });
        const now = clock.get();
        const user = {
          Attributes: attributes,
          Enabled: true,
          Password: String(body.Password ?? ""),
          RefreshTokens: [],
          UserCreateDate: now,
          UserLastModifiedDate: now,
          Username: sub,
          UserStatus: "UNCONFIRMED",
        } as unknown as User;
        const details = await deliverCode(
          ctx,
          "SignUp",
          clientId,
          pool,
          user,
          body.ClientMetadata as Record<string, string> | undefined,
        );
        return { CodeDeliveryDetails: details, UserConfirmed: false, UserSub: sub };
      });
    },
  };
}
