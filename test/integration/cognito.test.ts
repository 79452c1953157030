import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { OutboxMessage } from "../../local/src/outbox/outbox.js";
import { clientConfig } from "./local-clients.js";

const stack = inject("localStack");
const cognito = new CognitoIdentityProviderClient(
  clientConfig(stack.env, "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER"),
);
const ClientId = stack.env.USER_POOL_CLIENT_ID!;
const Password = "Correct-horse-9";

/** The 6-digit code of the newest outbox message to `to`. */
async function latestCode(to: string): Promise<string> {
  const { messages } = (await (await fetch(`${stack.url}/outbox/api/messages`)).json()) as {
    messages: OutboxMessage[];
  };
  const text = messages.find((m) => m.to.includes(to))?.text ?? "";
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code for ${to} in the outbox`);
  return code;
}

describe("local Cognito", () => {
  afterAll(() => cognito.destroy());

  it("emails a 6-digit sign-up code to the outbox, resends a new one, and confirms with it", async () => {
    const email = `ada-${Date.now()}@example.com`;
    await cognito.send(
      new SignUpCommand({ ClientId, Username: email, Password, UserAttributes: [{ Name: "email", Value: email }] }),
    );
    const first = await latestCode(email);
    const resent = await cognito.send(new ResendConfirmationCodeCommand({ ClientId, Username: email }));
    expect(resent.CodeDeliveryDetails?.DeliveryMedium).toBe("EMAIL");
    const second = await latestCode(email);
    expect(first).toMatch(/^\d{6}$/);
    const wrong = String((Number(second) + 1) % 1_000_000).padStart(6, "0");
    await expect(
      cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: wrong })),
    ).rejects.toThrow(/code/i);
    await cognito.send(new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: second }));
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: email, PASSWORD: Password },
      }),
    );
    expect(auth.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it("signs up with a phone number as username and texts the code to the outbox", async () => {
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    const signUp = await cognito.send(
      new SignUpCommand({
        ClientId,
        Username: phone,
        Password,
        UserAttributes: [{ Name: "phone_number", Value: phone }],
      }),
    );
    expect(signUp.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: "SMS", Destination: phone });
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId, Username: phone, ConfirmationCode: await latestCode(phone) }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: phone, PASSWORD: Password },
      }),
    );
    expect(auth.AuthenticationResult?.AccessToken).toBeTruthy();
    await expect(
      cognito.send(new SignUpCommand({ ClientId, Username: phone, Password, UserAttributes: [] })),
    ).rejects.toThrow(/exists/i);
  });
});
