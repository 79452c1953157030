import { vapidKeys } from "../../shared/push-services.js";
import { type ApiHandler, json } from "../../shared/route-group.js";

/** GET /api/push/vapid-public-key: the `applicationServerKey` a browser subscribes with (public, no session). */
export const getVapidPublicKey: ApiHandler = async () => json(200, { publicKey: (await vapidKeys()).publicKey });
