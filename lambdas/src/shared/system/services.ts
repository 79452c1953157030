import { DynamoStatusStore } from "@lg/domain/system/adapters/dynamo-status";
import { StatusService } from "@lg/domain/system/status/status-service";
import { dynamo } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";

/** The status page's records in the table: written by the probe job, read by GET /api/status. */
export const statusService = once(
  () => new StatusService({ store: new DynamoStatusStore(dynamo, env().TABLE_NAME), now: () => new Date() }),
);
