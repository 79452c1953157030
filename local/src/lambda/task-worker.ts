import { loadHandler } from "./handler-modules.js";
import { lambdaContext } from "./lambda-context.js";

/**
 * One Lambda execution environment of the local stack's task pool: loads task handler modules
 * once (a warm container) and runs each invocation the stack's process sends it.
 */
export interface TaskInvocation {
  id: number;
  entry: string;
  functionName: string;
  timeoutSeconds?: number;
  event: unknown;
}

/** The environment's peak resident memory so far, in MB: what a Lambda memory size must hold. */
export type TaskReply = { id: number; peakRssMb: number } & (
  | { ok: true; value: unknown }
  | { ok: false; error: { name: string; message: string; stack?: string } }
);

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

const send = process.send?.bind(process);
if (!send) throw new Error("task-worker.ts runs only as a child process with an IPC channel");
// The stack is gone (stopped or killed): an environment without it has nothing left to run.
process.on("disconnect", () => process.exit(0));

process.on("message", async (message) => {
  const call = message as TaskInvocation;
  let reply: TaskReply;
  try {
    const handler = await loadHandler(call.entry);
    const value = (await handler(call.event, lambdaContext(call.functionName, call.timeoutSeconds))) ?? null;
    reply = { id: call.id, ok: true, value, peakRssMb: peakRssMb() };
  } catch (caught) {
    const error = caught instanceof Error ? caught : new Error(String(caught));
    const details = { name: error.name, message: error.message, stack: error.stack };
    reply = { id: call.id, ok: false, error: details, peakRssMb: peakRssMb() };
  }
  send(reply);
});
