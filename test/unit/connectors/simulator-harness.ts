import path from "node:path";
import { fileURLToPath } from "node:url";
import { type PlatformSimulator, startPlatformSimulator } from "../../../local/src/platform-simulator/index.js";
import { connectorConfigFromEnv } from "../../../packages/connectors/src/config.js";
import type { DiscoveryQuery } from "../../../packages/connectors/src/connector.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const dataDir = process.env.LG_DATA_DIR ?? path.resolve(repoRoot, "../shared/data");

export async function startSimulator(): Promise<PlatformSimulator> {
  return startPlatformSimulator({ port: 0, dataDir, totalItems: 400, plantedItems: 60, seed: 7 });
}

export function configFor(sim: PlatformSimulator) {
  return connectorConfigFromEnv({ ...sim.env });
}

export const obamaQuery: DiscoveryQuery = {
  names: ["Barack Obama"],
  aliases: [],
  handles: [],
  watchedAccounts: [],
  hashtags: [],
};
