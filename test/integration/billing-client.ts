import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { expect } from "vitest";
import type { ProvidedStack } from "./stack-context.js";

/** The Stripe keys the local stack made (the stand-in and the handlers share them through Secrets Manager). */
export async function stripeKeys(env: ProvidedStack["env"]): Promise<{ secretKey: string; webhookSecret: string }> {
  const client = new SecretsManagerClient({
    endpoint: env.AWS_ENDPOINT_URL_SECRETS_MANAGER,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? "", secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? "" },
  });
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: env.STRIPE_SECRET_ARN }));
  client.destroy();
  return JSON.parse(SecretString ?? "{}");
}

/** A call to the Stripe stand-in's REST API, as an operator (or sales) would make it to Stripe. */
export async function stripeApi<T>(
  env: ProvidedStack["env"],
  method: "GET" | "POST",
  path: string,
  params: Record<string, string> = {},
): Promise<T> {
  const { secretKey } = await stripeKeys(env);
  const response = await fetch(`${env.STRIPE_API_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded" },
    ...(method === "POST" ? { body: new URLSearchParams(params).toString() } : {}),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`Stripe stand-in ${method} ${path}: ${JSON.stringify(body)}`);
  return body;
}

const jsonHeaders = (cookie: string) => ({ "content-type": "application/json", cookie });

/**
 * Subscribes a signed-in person to a paid plan the way they would: checkout from the API, the
 * stand-in's checkout page, Pay with a card; the signed webhooks raise the tier before the redirect.
 * Returns the checkout session id. `people`: how many Enterprise (priced per person) protects.
 */
export async function checkOut(
  appUrl: string,
  cookie: string,
  tier: "personal" | "professional" | "enterprise",
  card = "4242424242424242",
  people?: number,
) {
  const started = await fetch(`${appUrl}/api/billing/checkout`, {
    method: "POST",
    headers: jsonHeaders(cookie),
    body: JSON.stringify({ tier, ...(people === undefined ? {} : { people }) }),
  });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const paid = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card }).toString(),
    redirect: "manual",
  });
  return { url, status: paid.status, location: paid.headers.get("location"), sessionId: url.split("/").at(-1) ?? "" };
}

/**
 * An Enterprise contract as sales sets it up in Stripe (no checkout: a custom price and a subscription
 * naming the account); its signed webhook raises the account to Enterprise. For tests that need the tier.
 */
export async function enterpriseContract(env: ProvidedStack["env"], userId: string, email: string) {
  const customer = await stripeApi<{ id: string }>(env, "POST", "/v1/customers", { email });
  const price = await stripeApi<{ id: string }>(env, "POST", "/v1/prices", {
    currency: "usd",
    unit_amount: "250000",
    "recurring[interval]": "month",
    "product_data[name]": "LikenessGuard Enterprise (contract)",
    "metadata[lg_tier]": "enterprise",
  });
  return stripeApi<{ id: string }>(env, "POST", "/v1/subscriptions", {
    customer: customer.id,
    "items[0][price]": price.id,
    "metadata[lg_user_id]": userId,
  });
}
