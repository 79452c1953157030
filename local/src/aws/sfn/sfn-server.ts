import "./promise-with-resolvers.js";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { buildAwsClient } from "@lg/lambdas/shared/aws/clients";
import { ExecutionAbortedError, StateMachine } from "aws-local-stepfunctions";
import { loadHandler } from "../../lambda/handler-modules.js";
import { lambdaContext } from "../../lambda/lambda-context.js";
import { TaskWorkerPool } from "../../lambda/task-worker-pool.js";
import { repoRoot } from "../../repo-root.js";
import { AwsError } from "../aws-error.js";
import type { RunningServer } from "../http-server.js";
import { startJsonRpcServer } from "../json-rpc-server.js";
import { ACCOUNT, type BoundDefinition, bindDefinition, REGION } from "./bind-definition.js";
import { type DistributedMapSpec, distributedMapHandlers, prepareDistributedMaps } from "./distributed-map.js";
import { type ExecutionRecord, type ExecutionStatus, ExecutionStore, type ExecutionUsage } from "./execution-store.js";

export interface SfnServerOptions {
  dataDir: string;
  /** State machine name -> ASL file (relative to the repo root). */
  stateMachines: Record<string, string>;
  /** Task name -> handler entry, e.g. WORKFLOW_TASKS entries. */
  tasks: Record<string, { entry: string; timeoutSeconds?: number }>;
  /** Worker processes Task handlers run in (concurrent invocations in separate environments); 0 runs them in-process. */
  taskWorkers?: number;
  /** Where "Execution Status Change" events go, as EventBridge rules route them in AWS. */
  statusRules?: ExecutionStatusRule[];
  /** The S3 client config of the stack's S3 stand-in: where Distributed Maps' ItemReader reads items. */
  s3?: S3ClientConfig;
}

export interface ExecutionStatusRule {
  stateMachineName: string;
  statuses: readonly ExecutionStatus[];
  deliver(event: ExecutionStatusChangeEvent): Promise<void>;
}

/** The event Step Functions sends to EventBridge when an execution changes status (the fields the product reads). */
export interface ExecutionStatusChangeEvent {
  version: "0";
  id: string;
  "detail-type": "Step Functions Execution Status Change";
  source: "aws.states";
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: {
    executionArn: string;
    stateMachineArn: string;
    name: string;
    status: ExecutionStatus;
    /** Epoch milliseconds. */
    startDate: number;
    stopDate: number | null;
    input: string;
    output: string | null;
    error: string | null;
    cause: string | null;
  };
}

export interface LocalSfn extends RunningServer {
  arnOf(stateMachineName: string): string;
  /** Resolves when every execution started so far has finished (for tests and clean shutdown). */
  idle(): Promise<void>;
  /**
   * Delivers status-change events not delivered yet, among them those of executions found RUNNING at
   * start (now ABORTED). Called once handlers can run (after the stack's environment is set).
   */
  deliverPendingEvents(): Promise<void>;
  /** What an ended execution would be billed for in AWS (transitions, Express children), as counted here. */
  usage(executionArn: string): ExecutionUsage | undefined;
}

type JsonValue = Parameters<StateMachine["run"]>[0];

const stateMachineArn = (name: string) => `arn:aws:states:${REGION}:${ACCOUNT}:stateMachine:${name}`;
const now = () => Date.now() / 1000;

/**
 * Step Functions for the local stack: the same ASL files, run by aws-local-stepfunctions, with each
 * Task state bound to the same handler module CDK deploys for it, invoked in-process.
 */
export async function startSfnServer(options: SfnServerOptions): Promise<LocalSfn> {
  const store = new ExecutionStore(options.dataDir);
  const knownTasks = new Set(Object.keys(options.tasks));
  const machines = new Map<
    string,
    {
      name: string;
      bound: BoundDefinition;
      machine: StateMachine;
      distributedMaps: Record<string, DistributedMapSpec>;
      createdAt: number;
    }
  >();
  const s3 = options.s3 ? buildAwsClient(S3Client, options.s3) : undefined;
  const readObject = s3
    ? async (bucket: string, key: string) => {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return (await object.Body?.transformToString("utf8")) ?? "";
      }
    : undefined;
  const writeObject = s3
    ? async (bucket: string, key: string, body: string) => {
        await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: "application/json" }));
      }
    : undefined;
  for (const [name, file] of Object.entries(options.stateMachines)) {
    if (!existsSync(path.resolve(repoRoot, file))) {
      console.warn(`[stepfunctions] ${file} does not exist yet; state machine ${name} is not available`);
      continue;
    }
    // Validated once here, as CreateStateMachine would: a broken definition is reported at start.
    try {
      const bound = bindDefinition(file, knownTasks);
      // The library has no Distributed Map: those states run as Tasks of distributed-map.ts.
      const validation = { validationOptions: { checkPaths: true, checkArn: true } };
      const prepared = prepareDistributedMaps(bound.definition as never, validation);
      const machine = new StateMachine(prepared.definition as never, validation);
      machines.set(stateMachineArn(name), {
        name,
        bound,
        machine,
        distributedMaps: prepared.distributedMaps,
        createdAt: now(),
      });
    } catch (error) {
      console.warn(
        `[stepfunctions] ${file} is not a valid state machine, ${name} is not available: ${(error as Error).message}`,
      );
    }
  }
  const running = new Map<string, { abort: () => void; done: Promise<void> }>();
  const pool = options.taskWorkers ? new TaskWorkerPool(options.taskWorkers) : undefined;
  const invoke = async (spec: SfnServerOptions["tasks"][string], task: string, event: unknown) => {
    if (pool) return pool.invoke(spec.entry, `lg-local-${task}`, spec.timeoutSeconds, event);
    const handler = await loadHandler(spec.entry);
    return (await handler(event, lambdaContext(`lg-local-${task}`, spec.timeoutSeconds))) ?? null;
  };

  const machineOf = (arn: unknown) => {
    const machine = machines.get(String(arn));
    if (!machine) throw new AwsError("StateMachineDoesNotExist", `State Machine Does Not Exist: '${arn}'`);
    return machine;
  };

  const localHandlers = (bound: BoundDefinition) =>
    Object.fromEntries(
      Object.entries(bound.taskStates).map(([stateName, { task, lambdaInvoke }]) => {
        const spec = options.tasks[task]!;
        return [
          stateName,
          async (input: unknown) => {
            if (!lambdaInvoke) return invoke(spec, task, input);
            const payload = (input as { Payload?: unknown } | null)?.Payload ?? input;
            return { StatusCode: 200, Payload: await invoke(spec, task, payload) };
          },
        ];
      }),
    ) as unknown as Record<string, (input: JsonValue) => Promise<JsonValue>>;

  const start = (input: Record<string, unknown>) => {
    const machine = machineOf(input.stateMachineArn);
    const name = typeof input.name === "string" && input.name ? input.name : randomUUID();
    const executionArn = `arn:aws:states:${REGION}:${ACCOUNT}:execution:${machine.name}:${name}`;
    if (store.has(executionArn))
      throw new AwsError("ExecutionAlreadyExists", `Execution Already Exists: '${executionArn}'`);
    const inputText = typeof input.input === "string" ? input.input : "{}";
    const record: ExecutionRecord = {
      executionArn,
      stateMachineArn: stateMachineArn(machine.name),
      name,
      status: "RUNNING",
      input: inputText,
      startDate: now(),
    };
    store.save(record);
    const context = {
      Execution: {
        Id: executionArn,
        Name: name,
        Input: JSON.parse(inputText),
        StartTime: new Date(record.startDate * 1000).toISOString(),
        RoleArn: `arn:aws:iam::${ACCOUNT}:role/lg-local-sfn`,
      },
      StateMachine: { Id: record.stateMachineArn, Name: machine.name },
    };
    // Stopping the execution stops its Map Runs' children too.
    const stopped = new AbortController();
    const usage: ExecutionUsage = { standardTransitions: 0, expressRequests: 0, expressBilledMs: 0 };
    const onChildEnded = ({ executionType, durationMs }: { executionType: string; durationMs: number }) => {
      // Each child a Distributed Map starts is a transition of the parent, whatever the child's type.
      usage.standardTransitions += 1;
      if (executionType !== "EXPRESS") return;
      usage.expressRequests += 1;
      usage.expressBilledMs += Math.max(100, Math.ceil(durationMs / 100) * 100);
    };
    const handlers: ReturnType<typeof localHandlers> = {
      ...localHandlers(machine.bound),
      ...(distributedMapHandlers(machine.distributedMaps, {
        context,
        handlers: () => handlers as never,
        ...(readObject ? { readObject } : {}),
        ...(writeObject ? { writeObject } : {}),
        signal: stopped.signal,
        onChildEnded,
      }) as unknown as ReturnType<typeof localHandlers>),
    };
    const execution = machine.machine.run(JSON.parse(inputText), {
      overrides: { taskResourceLocalHandlers: handlers },
      context: context as never,
    });
    // Inline Map iterations' states are the parent's transitions too; the library forwards their events.
    const counted = (async () => {
      for await (const event of execution.eventLogs) {
        if (event.type === "StateEntered" || event.type === "StateRetried") usage.standardTransitions += 1;
      }
    })().catch(() => undefined);
    const done = execution.result.then(
      async (output) => {
        await counted;
        ended({ ...record, status: "SUCCEEDED", output: JSON.stringify(output), stopDate: now(), usage });
      },
      (error: Error & { cause?: { name?: string; message?: string } }) => {
        const current = store.get(executionArn);
        if (current?.status === "ABORTED") return;
        const aborted = error instanceof ExecutionAbortedError;
        const timedOut = error.name === "ExecutionTimeoutError";
        ended({
          ...record,
          status: aborted ? "ABORTED" : timedOut ? "TIMED_OUT" : "FAILED",
          error: error.cause?.name ?? error.name,
          cause: error.cause?.message ?? error.message,
          stopDate: now(),
          usage,
        });
      },
    );
    running.set(executionArn, {
      abort: () => {
        stopped.abort();
        execution.abort();
      },
      done,
    });
    void done.finally(() => running.delete(executionArn));
    return { executionArn, startDate: record.startDate };
  };

  const toEvent = (record: ExecutionRecord): ExecutionStatusChangeEvent => ({
    version: "0",
    id: randomUUID(),
    "detail-type": "Step Functions Execution Status Change",
    source: "aws.states",
    account: ACCOUNT,
    time: new Date((record.stopDate ?? now()) * 1000).toISOString(),
    region: REGION,
    resources: [record.executionArn],
    detail: {
      executionArn: record.executionArn,
      stateMachineArn: record.stateMachineArn,
      name: record.name,
      status: record.status,
      // The same millisecond the execution's context object reports as StartTime.
      startDate: new Date(record.startDate * 1000).getTime(),
      stopDate: record.stopDate === undefined ? null : Math.round(record.stopDate * 1000),
      input: record.input,
      output: record.output ?? null,
      error: record.error ?? null,
      cause: record.cause ?? null,
    },
  });
  const deliveries = new Set<Promise<void>>();
  // Stopping the stack aborts what runs; those events wait for the next start, when handlers can run.
  let closing = false;
  /** Saves an ended execution and routes its event; it stays pending (redelivered at restart) until delivered. */
  const ended = (record: ExecutionRecord) => {
    const rules = (options.statusRules ?? []).filter(
      (rule) =>
        stateMachineArn(rule.stateMachineName) === record.stateMachineArn && rule.statuses.includes(record.status),
    );
    store.save(rules.length > 0 ? { ...record, statusEventPending: true } : record);
    if (rules.length === 0 || closing) return;
    const delivery = (async () => {
      const event = toEvent(record);
      for (const rule of rules) {
        try {
          await rule.deliver(event);
        } catch (error) {
          // EventBridge retries and then drops; here the event stays pending for the next start.
          console.warn(
            `[stepfunctions] status-change handler failed for ${record.executionArn}: ${(error as Error).message}`,
          );
          return;
        }
      }
      const { statusEventPending: _delivered, ...rest } = store.get(record.executionArn) ?? record;
      store.save(rest);
    })();
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  };

  const executionOf = (arn: unknown) => {
    const record = store.get(String(arn));
    if (!record) throw new AwsError("ExecutionDoesNotExist", `Execution Does Not Exist: '${arn}'`);
    return record;
  };

  const server = await startJsonRpcServer({
    targetPrefix: "AWSStepFunctions",
    contentType: "application/x-amz-json-1.0",
    actions: {
      StartExecution: async (input) => start(input),
      DescribeExecution: async (input) => executionOf(input.executionArn),
      ListExecutions: async (input) => {
        machineOf(input.stateMachineArn);
        const all = store.list(String(input.stateMachineArn));
        const filtered = input.statusFilter ? all.filter((r) => r.status === input.statusFilter) : all;
        const max = typeof input.maxResults === "number" && input.maxResults > 0 ? input.maxResults : 100;
        const offset = typeof input.nextToken === "string" ? Number(input.nextToken) : 0;
        const page = filtered.slice(offset, offset + max);
        return {
          executions: page.map(({ input: _i, output: _o, error: _e, cause: _c, usage: _u, ...summary }) => summary),
          ...(offset + max < filtered.length ? { nextToken: String(offset + max) } : {}),
        };
      },
      StopExecution: async (input) => {
        const record = executionOf(input.executionArn);
        const stopDate = now();
        if (record.status === "RUNNING") {
          ended({
            ...record,
            status: "ABORTED",
            ...(typeof input.error === "string" ? { error: input.error } : {}),
            ...(typeof input.cause === "string" ? { cause: input.cause } : {}),
            stopDate,
          });
          running.get(record.executionArn)?.abort();
        }
        return { stopDate };
      },
      DescribeStateMachine: async (input) => {
        const machine = machineOf(input.stateMachineArn);
        return {
          stateMachineArn: stateMachineArn(machine.name),
          name: machine.name,
          status: "ACTIVE",
          definition: JSON.stringify(machine.bound.definition),
          roleArn: `arn:aws:iam::${ACCOUNT}:role/lg-local-sfn`,
          type: "STANDARD",
          creationDate: machine.createdAt,
        };
      },
    },
  });

  return {
    ...server,
    arnOf: stateMachineArn,
    idle: async () => {
      while (running.size > 0 || deliveries.size > 0) {
        await Promise.allSettled([...running.values()].map((r) => r.done));
        await Promise.allSettled([...deliveries]);
      }
    },
    usage: (executionArn) => store.get(executionArn)?.usage,
    deliverPendingEvents: async () => {
      for (const record of store.pendingEvents()) ended(record);
      await Promise.allSettled([...deliveries]);
    },
    close: async () => {
      closing = true;
      for (const execution of running.values()) execution.abort();
      await Promise.allSettled([...running.values()].map((r) => r.done));
      await Promise.allSettled([...deliveries]);
      await pool?.close();
      s3?.destroy();
      await server.close();
    },
  };
}
