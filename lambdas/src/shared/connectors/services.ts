import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { type ConnectorConfig, connectorConfigFromEnv } from "@lg/connectors/config";
import { awsClient } from "../aws/clients.js";
import { once } from "../once.js";

/**
 * The platform connectors' configuration (origins, targets, credentials, the SSRF-safe HTTP client
 * and its per-host rate limits), built once per container: the scan, the crawl and the takedowns'
 * page checks share one client, so a host's rate limit holds across them. Its names (CONNECTOR_*)
 * are read by @lg/connectors itself; credentials come through the container's Secrets Manager client.
 */
export const connectorConfig = once(
  (): ConnectorConfig => connectorConfigFromEnv(process.env, () => awsClient(SecretsManagerClient)),
);
