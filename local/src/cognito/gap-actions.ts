import { randomUUID } from "node:crypto";
import {
  CognitoError,
  InvalidParameterError,
  UserNotFoundError,
  UsernameExistsError,
} from "cognito-local/lib/errors.js";
import type { Services } from "cognito-local/lib/services/index.js";
import { selectAppropriateDeliveryMethod } from "cognito-local/lib/services/messageDelivery/deliveryMethod.js";
import type { User } from "cognito-local/lib/services/userPoolService.js";

type Ctx = Parameters<Services["cognito"]["getUserPoolForClientId"]>[0];
type Body = Record<string, unknown>;
/** Answers an action, or returns undefined to let cognito-local answer it. */
export type GapAction = (ctx: Ctx, body: Body) => Promise<{ status: number; body: unknown } | undefined>;

const E164 = /^\+[1-9]\d{6,14}$/;
type Attribute = { Name: string; Value?: string };

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
 * - ForgotPassword: cognito-local sends only to an email (phone-only accounts fail), sends to
 *   unconfirmed accounts that have nothing verified, and moves UserLastModifiedDate, which would end
 *   the person's sessions whenever anyone asks for a reset. As Cognito does: a confirmed account's
 *   code goes to its email or phone, an unconfirmed one is refused, the account is not modified.
 */
export function gapActions(services: Services): Record<string, GapAction> {
  const { cognito, messages, otp, clock } = services;

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
