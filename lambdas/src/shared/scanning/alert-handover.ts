import { ExecutionAlreadyExists, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { DynamoAlertOutbox } from "@lg/domain/scanning/adapters/dynamo-alert-outbox";
import { ScanReconciler } from "@lg/domain/scanning/scan-reconciler";
import { ThreatHandover } from "@lg/domain/scanning/threat-handover";
import { shouldAutoTakedown } from "@lg/notices";
import { accountStore } from "../accounts/services.js";
import { dynamo } from "../aws/clients.js";
import { sfn } from "../aws/state-machines.js";
import { once } from "../once.js";
import { alertService, takedownStateMachineArn } from "../takedowns/services.js";
import { erasedAccounts, scanLocks, scanRepository, threatRepository } from "../threats/services.js";
import { env } from "./env.js";

/** Execution names allow 80 characters of [A-Za-z0-9-_]; one name per threat makes a retry start nothing new. */
export const autoTakedownExecutionName = (threatId: string) =>
  `auto-takedown-${threatId.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 80);

async function startAutoTakedown(userId: string, threatId: string): Promise<boolean> {
  try {
    await sfn.send(
      new StartExecutionCommand({
        stateMachineArn: takedownStateMachineArn(),
        name: autoTakedownExecutionName(threatId),
        input: JSON.stringify({ userId, threatId, automatic: true }),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ExecutionAlreadyExists || (error as Error).name === "ExecutionAlreadyExists") return false;
    throw error;
  }
}

export const alertOutbox = once(() => new DynamoAlertOutbox(dynamo, env().TABLE_NAME));

/** What a scan hands over once it ends: the alerts its threats are owed, and automatic takedowns. */
export const threatHandover = once(
  () =>
    new ThreatHandover({
      outbox: alertOutbox(),
      threats: threatRepository(),
      getProfile: (userId) => accountStore().getProfile(userId),
      alertNewThreats: (profile, threats) => alertService().alertNewThreats(profile, threats),
      autoTakedown: async (profile, threat) =>
        shouldAutoTakedown(threat, profile) && (await startAutoTakedown(profile.userId, threat.id)),
      now: () => new Date(),
    }),
);

export const scanReconciler = once(
  () =>
    new ScanReconciler({
      scans: scanRepository(),
      locks: scanLocks(),
      handover: threatHandover(),
      erased: erasedAccounts(),
      now: () => new Date(),
    }),
);

/** Threats recorded outside a scan's RecordThreats owe their alerts the same way, and go out the same way. */
export async function handOverNewThreats(
  userId: string,
  threatIds: string[],
): Promise<{ alerts: number; autoTakedowns: number }> {
  const createdAt = new Date().toISOString();
  for (const threatId of threatIds) {
    await alertOutbox().oweIfAbsent({ userId, threatId, scanId: "handover", status: "owed", createdAt });
  }
  const { alerts, autoTakedowns } = await threatHandover().sendOwed(userId);
  return { alerts, autoTakedowns };
}
