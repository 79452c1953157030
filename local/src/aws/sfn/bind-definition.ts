import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../repo-root.js";

export const REGION = "us-east-1";
export const ACCOUNT = "000000000000";
export const functionArn = (taskName: string) => `arn:aws:lambda:${REGION}:${ACCOUNT}:function:lg-local-${taskName}`;

export interface BoundDefinition {
  /** The ASL with every `${<TaskName>Arn}` replaced by a function ARN, as CDK's definitionSubstitutions does. */
  definition: Record<string, unknown>;
  /** Task state name -> the task whose handler runs it, and whether it is the lambda:invoke integration. */
  taskStates: Record<string, { task: string; lambdaInvoke: boolean }>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const SUBSTITUTION = /^\$\{(\w+)Arn\}$/;

/**
 * Reads an ASL file and binds its Task states to task handlers by the `${<TaskName>Arn}` substitution
 * in `Resource` (or in `Parameters.FunctionName` of the lambda:invoke integration), including Task states
 * nested in Map iterators and Parallel branches.
 */
export function bindDefinition(file: string, knownTasks: ReadonlySet<string>): BoundDefinition {
  const raw = JSON.parse(readFileSync(path.resolve(repoRoot, file), "utf8")) as Json;
  if (raw && typeof raw === "object" && !Array.isArray(raw) && raw.QueryLanguage === "JSONata") {
    throw new Error(`${file}: JSONata is not supported; state machines are JSONPath only`);
  }
  const taskStates: BoundDefinition["taskStates"] = {};

  const substitute = (value: Json): Json => {
    if (typeof value === "string") {
      const name = SUBSTITUTION.exec(value)?.[1];
      if (!name) return value;
      if (!knownTasks.has(name)) throw new Error(`${file}: \${${name}Arn} names no task in WORKFLOW_TASKS`);
      return functionArn(name);
    }
    if (Array.isArray(value)) return value.map(substitute);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v)]));
    }
    return value;
  };

  const collectTasks = (states: Json) => {
    if (!states || typeof states !== "object" || Array.isArray(states)) return;
    for (const [stateName, state] of Object.entries(states)) {
      if (!state || typeof state !== "object" || Array.isArray(state)) continue;
      const params = state.Parameters;
      const ref =
        typeof state.Resource === "string" && SUBSTITUTION.test(state.Resource)
          ? state.Resource
          : params && typeof params === "object" && !Array.isArray(params) && typeof params.FunctionName === "string"
            ? params.FunctionName
            : undefined;
      const taskName = typeof ref === "string" ? SUBSTITUTION.exec(ref)?.[1] : undefined;
      if (state.Type === "Task" && taskName) {
        const lambdaInvoke = typeof state.Resource === "string" && state.Resource.includes(":::lambda:invoke");
        taskStates[stateName] = { task: taskName, lambdaInvoke };
      }
      for (const nested of [
        state.Iterator,
        state.ItemProcessor,
        ...(Array.isArray(state.Branches) ? state.Branches : []),
      ]) {
        if (nested && typeof nested === "object" && !Array.isArray(nested)) collectTasks(nested.States ?? null);
      }
    }
  };

  const definition = substitute(raw) as Record<string, unknown>;
  collectTasks((raw as { States?: Json }).States ?? null);
  return { definition, taskStates };
}
