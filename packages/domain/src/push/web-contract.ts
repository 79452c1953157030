import { z } from "zod";

/**
 * The web app's push answers (/api/push/*), written once: the handlers check their answers with
 * these in tests and the web app takes its types from them (docs/architecture.md, "The web
 * contract"). Shapes of push-subscriptions.ts.
 */

/** GET /api/push/vapid-public-key: the `applicationServerKey` a browser subscribes with. */
export const VapidPublicKey = z.object({ publicKey: z.string() });

/** One subscribed browser: its endpoint only, never its keys (PushSubscriptionView). */
export const PushSubscription = z.object({
  id: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  lastDeliveredAt: z.string().optional(),
});

/** GET /api/push/subscriptions */
export const PushSubscriptionList = z.object({ subscriptions: z.array(PushSubscription) });

export type VapidPublicKey = z.infer<typeof VapidPublicKey>;
export type PushSubscription = z.infer<typeof PushSubscription>;
export type PushSubscriptionList = z.infer<typeof PushSubscriptionList>;
