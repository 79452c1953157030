import { z } from "zod";
import { API_KEY_SCOPES, ApiKeyScope } from "../table/integration-entities.js";
import type { WebhookEndpointInput } from "./public-api-contract.js";

/**
 * What Settings sends to the integration routes, written once: the handlers validate with these
 * (same messages) and the web app types the bodies it sends from them (docs/architecture.md, "The
 * web contract"). POST /api/webhooks takes the public API's own WebhookEndpointInput.
 */

/** POST /api/api-keys */
export const NewKeyBody = z
  .object({
    name: z.string().trim().min(1, "name is required").max(100, "name is too long (at most 100 characters)"),
    scopes: z
      .array(ApiKeyScope, {
        error: "scopes must name threats:read, takedowns:write, analyses:write, people:read or webhooks:manage",
      })
      .min(1, "Choose at least one scope")
      .max(API_KEY_SCOPES.length, "Each scope once"),
    validUntil: z.iso
      .datetime({ offset: true, error: "validUntil must be a date-time such as 2027-01-31T00:00:00Z" })
      .max(40, "validUntil must be a date-time such as 2027-01-31T00:00:00Z")
      .optional(),
  })
  .strict();

export type NewKeyRequest = z.input<typeof NewKeyBody>;
export type NewWebhookEndpointRequest = z.input<typeof WebhookEndpointInput>;
