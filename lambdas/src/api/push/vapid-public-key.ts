import { type ApiHandler, json } from "../../shared/http/route-group.js";
import { vapidKeys } from "../../shared/push/services.js";

/** GET /api/push/vapid-public-key: the `applicationServerKey` a browser subscribes with (public, no session). */
export const getVapidPublicKey: ApiHandler = async () => json(200, { publicKey: (await vapidKeys()).publicKey });
