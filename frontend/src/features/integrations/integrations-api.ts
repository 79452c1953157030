import { ApiKeyList, DeliveryLog, WebhookEndpointList } from "@lg/domain/integrations/web-contract";
import type { ApiKeyScope, WebhookEventType } from "@lg/domain/table/integration-entities";
import { queryOptions } from "@tanstack/react-query";
import { getChecked } from "../../api/client";

/** The web contract's shapes (packages/domain/src/integrations/web-contract.ts), never restated by hand. */
export type { ApiKeyView, DeliveryView, WebhookEndpointView } from "@lg/domain/integrations/web-contract";

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
  queryOptions({ queryKey: API_KEYS_KEY, queryFn: getChecked(ApiKeyList), enabled, retry: false });
export const webhooksQuery = (enabled: boolean) =>
  queryOptions({ queryKey: WEBHOOKS_KEY, queryFn: getChecked(WebhookEndpointList), enabled, retry: false });
export const deliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: [`/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`],
    queryFn: getChecked(DeliveryLog),
  });
