import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SafeHttpClient } from "@lg/connectors";
import { DynamoPushSubscriptions } from "@lg/domain/push/adapters/dynamo-push-subscriptions";
import { PushFanOut } from "@lg/domain/push/push-fan-out";
import { PushSubscriptionService } from "@lg/domain/push/push-subscriptions";
import {
  type AlertPushSender,
  PushEndpointPolicy,
  type PushServicePost,
  type VapidKeys,
  vapidKeysFromSecret,
  WebPushSender,
} from "@lg/notices";
import { awsClient, dynamo } from "../aws/clients.js";
import { once, onceUnlessFailed } from "../once.js";
import { env } from "./env.js";

const now = () => new Date();
const secretsManager = () => awsClient(SecretsManagerClient);

export const pushEndpointPolicy = once(() => PushEndpointPolicy.fromList(env().PUSH_SERVICE_ORIGINS));

async function readVapidKeys(): Promise<VapidKeys> {
  const secretId = env().VAPID_SECRET_ARN;
  if (!secretId) throw new Error("Invalid environment: VAPID_SECRET_ARN");
  const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
  return vapidKeysFromSecret(SecretString ?? "");
}

/** Read once per container (the pair changes only when operators replace the secret). */
export const vapidKeys = onceUnlessFailed(readVapidKeys);

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
function pushServiceHttp(): PushServicePost {
  const http = new SafeHttpClient({
    allowedHosts: env().PUSH_SERVICE_ORIGINS ? pushEndpointPolicy().explicitHosts() : [],
    maxRedirects: 0,
    maxBytes: 64 * 1024,
    timeoutMs: 10_000,
    userAgent: "LikenessGuard-Push/1.0",
  });
  return {
    post: async (url, { headers, body }) => {
      const response = await http.request(url, { method: "POST", headers, body });
      return { status: response.status, text: response.body.toString("utf8") };
    },
  };
}

/** One sender per container, built on the first push: building the services needs no access to the secret. */
const webPushSender = onceUnlessFailed(
  async () =>
    new WebPushSender({
      vapidKeys: await vapidKeys(),
      subject: vapidSubject(),
      endpointPolicy: pushEndpointPolicy(),
      http: pushServiceHttp(),
      now,
    }),
);

const lazySender: AlertPushSender = {
  send: async (subscription, payload) => (await webPushSender()).send(subscription, payload),
};

export const pushSubscriptions = once(() => new DynamoPushSubscriptions(dynamo, env().TABLE_NAME));
export const pushSubscriptionService = once(
  () => new PushSubscriptionService({ subscriptions: pushSubscriptions(), now }),
);
export const pushFanOut = once(() => new PushFanOut({ sender: lazySender, subscriptions: pushSubscriptions(), now }));
