import { ExecutionAlreadyExists, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { shouldAutoTakedown } from "@lg/notices";
import { sfn, threatRepository } from "./scanning-services.js";
import { accountStore } from "./services.js";
import { alertService, takedownStateMachineArn } from "./takedown-services.js";

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

/**
 * What a finished scan hands over: alerts for each new threat under the person's settings, and an
 * automatic takedown for those the person's tier and setting allow.
 */
export async function handOverNewThreats(
  userId: string,
  threatIds: string[],
): Promise<{ alerts: number; autoTakedowns: number }> {
  const profile = await accountStore().getProfile(userId);
  if (!profile || threatIds.length === 0) return { alerts: 0, autoTakedowns: 0 };
  let alerts = 0;
  let autoTakedowns = 0;
  for (const threatId of threatIds) {
    const threat = await threatRepository().get(userId, threatId);
    if (!threat) continue;
    alerts += (await alertService().alertNewThreat(profile, threat)).length;
    if (shouldAutoTakedown(threat, profile) && (await startAutoTakedown(userId, threatId))) autoTakedowns += 1;
  }
  return { alerts, autoTakedowns };
}
