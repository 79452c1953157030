import type { apiKeyView } from "@lg/domain/integrations/api-keys";
import type { ApiKeyScope, WebhookEventType } from "@lg/domain/table/integration-entities";
import { queryOptions } from "@tanstack/react-query";

/** The server's own shapes (packages/domain/src/integrations), never restated by hand. */
export type ApiKeyView = ReturnType<typeof apiKeyView>;

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledReason?: string;
  failuresInARow: number;
  createdAt: string;
  previousSecretRetiresAt?: string;
}

export interface DeliveryView {
  id: string;
  eventType: WebhookEventType;
  state: "pending" | "delivered" | "retrying" | "dead";
  attempts: number;
  lastStatusCode?: number;
  lastError?: string;
  lastAttemptAt?: string;
  createdAt: string;
}

export const SCOPE_LABELS = {
  "threats:read": "Read threats and takedown notices",
  "takedowns:write": "Prepare and send takedown notices",
  "analyses:write": "Submit media for analysis and read the results",
  "people:read": "Read protected people and their protection state",
  "webhooks:manage": "Manage webhook endpoints (not available through the API yet)",
} as const satisfies Record<ApiKeyScope, string>;

export const EVENT_LABELS = {
  "threat.created": "A scan records a threat",
  "threat.updated": "A threat's status changes",
  "takedown.sent": "A takedown notice is sent",
  "takedown.resolved": "A takedown ends (removed, rejected or closed)",
  "analysis.completed": "An analysis asked for through the API ends",
  "scan.completed": "A scan finishes",
} as const satisfies Record<WebhookEventType, string>;

export const API_KEYS_KEY = ["/api/api-keys"] as const;
export const WEBHOOKS_KEY = ["/api/webhooks"] as const;
export const apiKeysQuery = (enabled: boolean) =>
  queryOptions<{ keys: ApiKeyView[] }>({ queryKey: API_KEYS_KEY, enabled, retry: false });
export const webhooksQuery = (enabled: boolean) =>
  queryOptions<{ endpoints: WebhookEndpointView[] }>({ queryKey: WEBHOOKS_KEY, enabled, retry: false });
export const deliveriesQuery = (endpointId: string) =>
  queryOptions<{ deliveries: DeliveryView[] }>({
    queryKey: [`/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`],
  });
