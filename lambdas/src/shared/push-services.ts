import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SafeHttpClient } from "@lg/connectors";
import { DynamoPushSubscriptions } from "@lg/domain/push/adapters/dynamo-push-subscriptions";
import { PushFanOut } from "@lg/domain/push/push-fan-out";
import { PushSubscriptionService } from "@lg/domain/push/push-subscriptions";
import {
  type AlertPushSender,
  PushEndpointPolicy,
  type VapidKeys,
  vapidKeysFromSecret,
  WebPushSender,
} from "@lg/notices";
import { dynamo } from "./clients.js";
import { env } from "./env.js";
import { once } from "./once.js";

const now = () => new Date();
export const secretsManager = new SecretsManagerClient({});

export const pushEndpointPolicy = once(() => PushEndpointPolicy.fromList(env().PUSH_SERVICE_ORIGINS));

async function readVapidKeys(): Promise<VapidKeys> {
  const secretId = env().VAPID_SECRET_ARN;
  if (!secretId) throw new Error("Invalid environment: VAPID_SECRET_ARN");
  const { SecretString } = await secretsManager.send(new GetSecretValueCommand({ SecretId: secretId }));
  return vapidKeysFromSecret(SecretString ?? "");
}

let keys: Promise<VapidKeys> | undefined;
/** Read once per container (the pair changes only when operators replace the secret); a failed read is retried. */
export function vapidKeys(): Promise<VapidKeys> {
  keys ??= readVapidKeys().catch((error: unknown) => {
    keys = undefined;
    throw error;
  });
  return keys;
}

/** RFC 8292 wants a contact for the push service operator: the sender address, else the app's URL. */
const vapidSubject = () => {
  const address = /<([^>]+)>/.exec(env().MAIL_FROM ?? "")?.[1] ?? env().MAIL_FROM;
  return address ? `mailto:${address}` : env().APP_URL;
};

/**
 * Push messages go through the SSRF-safe client (public addresses only, pinned IP, no redirects,
 * small responses). Only origins named in PUSH_SERVICE_ORIGINS skip the public-address rule: the
 * local stack names its stand-in there.
 */
const pushFetch = once((): typeof fetch => {
  const http = new SafeHttpClient({
    allowedHosts: env().PUSH_SERVICE_ORIGINS ? pushEndpointPolicy().explicitHosts() : [],
    maxRedirects: 0,
    maxBytes: 64 * 1024,
    timeoutMs: 10_000,
    userAgent: "LikenessGuard-Push/1.0",
  });
  return async (input, init) => {
    const response = await http.request(String(input), {
      method: init?.method ?? "GET",
      headers: init?.headers as Record<string, string>,
      body: init?.body as Uint8Array,
    });
    const bodyless = [101, 204, 205, 304].includes(response.status);
    return new Response(bodyless ? null : new Uint8Array(response.body), { status: response.status });
  };
});

/** The secret is read on the first push, so building the services needs no access to it. */
const lazySender: AlertPushSender = {
  send: async (subscription, payload) =>
    new WebPushSender({
      vapidKeys: await vapidKeys(),
      subject: vapidSubject(),
      endpointPolicy: pushEndpointPolicy(),
      fetch: pushFetch(),
      now,
    }).send(subscription, payload),
};

export const pushSubscriptions = once(() => new DynamoPushSubscriptions(dynamo, env().TABLE_NAME));
export const pushSubscriptionService = once(
  () => new PushSubscriptionService({ subscriptions: pushSubscriptions(), now }),
);
export const pushFanOut = once(() => new PushFanOut({ sender: lazySender, subscriptions: pushSubscriptions(), now }));
