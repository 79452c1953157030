import { randomUUID } from "node:crypto";
import { StateMachine, type StateMachineOptions } from "aws-local-stepfunctions";

/**
 * Distributed Map for the local Step Functions runner. aws-local-stepfunctions runs Inline Maps only,
 * so each Map whose ItemProcessor is `Mode: DISTRIBUTED` is swapped, before the library sees the
 * definition, for a Task state of the same name that this module runs: it reads the items (ItemReader
 * over an S3 JSON object, or ItemsPath), applies ItemSelector, groups them (ItemBatcher), runs each
 * group as a child execution of the ItemProcessor with MaxConcurrency at most at once, and fails with
 * States.ExceedToleratedFailureThreshold once failed items pass ToleratedFailureCount/Percentage.
 * With a ResultWriter it exports the children's results to S3 as Step Functions does (a manifest.json and
 * SUCCEEDED_0.json / FAILED_0.json under <Prefix>/<Map Run id>/) and answers {MapRunArn, ResultWriterDetails}
 * instead of the children's outputs, so the parent's state stays small however many children ran.
 * The swapped Task keeps the Map's InputPath, ResultSelector, ResultPath, OutputPath, Retry, Catch and
 * Next/End, which the library applies as AWS applies them to the Map. The product's ASL stays as it is.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Handler = (input: Json) => Promise<Json>;

/** An error a Catch or Retry can name, as Step Functions names it. */
export class StatesError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export interface DistributedMapSpec {
  stateName: string;
  state: JsonObject;
  /** The ItemProcessor as a state machine of its own (nested distributed maps swapped too). */
  processor: StateMachine;
  label: string;
  /** EXPRESS or STANDARD children (ProcessorConfig.ExecutionType). */
  executionType: string;
}

export interface PreparedDefinition {
  definition: JsonObject;
  /** Swapped Map states by state name (nested ones included). */
  distributedMaps: Record<string, DistributedMapSpec>;
}

export interface MapRunContext {
  /** The parent execution's context object ($$), as the library was given it. */
  context: JsonObject;
  /** Every Task handler of the execution, the distributed maps' own among them (children use them too). */
  handlers: () => Record<string, Handler>;
  /** Reads an object the ItemReader names, through the local S3 stand-in. */
  readObject?: (bucket: string, key: string) => Promise<string>;
  /** Writes an object the ResultWriter names, through the same local S3 stand-in. */
  writeObject?: (bucket: string, key: string, body: string) => Promise<void>;
  /** Aborted with the parent execution: running children stop too. */
  signal: AbortSignal;
  /** Told of each child execution that ended, for the parent's billed usage. */
  onChildEnded?: (child: { executionType: string; durationMs: number }) => void;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// A Task resource the library's ARN check accepts; only the state name binds it to its handler.
const SWAPPED_RESOURCE = "arn:aws:lambda:us-east-1:000000000000:function:lg-local-distributed-map";
// A Map run is bounded by its children, not by a Task timeout (the library's default is 60 s); the
// largest a Node timer holds (2^31 - 1 ms, about 24 days): a larger one fires at once.
const NO_TIMEOUT_SECONDS = 2_000_000;
const KEPT_FIELDS = [
  "Comment",
  "InputPath",
  "ResultSelector",
  "ResultPath",
  "OutputPath",
  "Retry",
  "Catch",
  "Next",
  "End",
];
const SUPPORTED_READER = "arn:aws:states:::s3:getObject";
const SUPPORTED_WRITER = "arn:aws:states:::s3:putObject";

/** Swaps every Distributed Map (at any depth) for a Task this module runs; throws on what it cannot run. */
export function prepareDistributedMaps(
  definition: JsonObject,
  options: StateMachineOptions = {},
  found: Record<string, DistributedMapSpec> = {},
): PreparedDefinition {
  const states = isObject(definition.States) ? definition.States : {};
  const swapped: JsonObject = {};
  for (const [name, state] of Object.entries(states)) {
    if (!isObject(state)) {
      swapped[name] = state;
      continue;
    }
    const processor = isObject(state.ItemProcessor) ? state.ItemProcessor : undefined;
    const config = processor && isObject(processor.ProcessorConfig) ? processor.ProcessorConfig : undefined;
    if (state.Type === "Map" && config?.Mode === "DISTRIBUTED" && processor) {
      if (found[name]) throw new Error(`Distributed Map state names must be unique: ${name} appears twice`);
      checkSupported(name, state, config);
      const { ProcessorConfig: _config, ...childDefinition } = processor;
      const child = prepareDistributedMaps(childDefinition, options, found);
      found[name] = {
        stateName: name,
        state,
        processor: new StateMachine(child.definition as never, options),
        label: typeof state.Label === "string" ? state.Label : name,
        executionType: String(config.ExecutionType),
      };
      swapped[name] = {
        Type: "Task",
        Resource: SWAPPED_RESOURCE,
        TimeoutSeconds: NO_TIMEOUT_SECONDS,
        ...Object.fromEntries(KEPT_FIELDS.filter((f) => f in state).map((f) => [f, state[f] as Json])),
      };
      continue;
    }
    swapped[name] = withNestedPrepared(state, options, found);
  }
  return { definition: { ...definition, States: swapped }, distributedMaps: found };
}

/** Inline Maps and Parallel branches may hold a Distributed Map too. */
function withNestedPrepared(
  state: JsonObject,
  options: StateMachineOptions,
  found: Record<string, DistributedMapSpec>,
) {
  const out: JsonObject = { ...state };
  for (const key of ["ItemProcessor", "Iterator"] as const) {
    const inner = state[key];
    if (isObject(inner)) out[key] = prepareDistributedMaps(inner, options, found).definition;
  }
  if (Array.isArray(state.Branches)) {
    out.Branches = state.Branches.map((b) => (isObject(b) ? prepareDistributedMaps(b, options, found).definition : b));
  }
  return out;
}

function checkSupported(name: string, state: JsonObject, config: JsonObject) {
  if (config.ExecutionType !== "EXPRESS" && config.ExecutionType !== "STANDARD") {
    throw new Error(`${name}: a Distributed Map needs ProcessorConfig.ExecutionType EXPRESS or STANDARD`);
  }
  if ("ResultWriter" in state) checkWriter(name, state.ResultWriter);
  const reader = state.ItemReader;
  if (reader === undefined) return;
  if (!isObject(reader) || reader.Resource !== SUPPORTED_READER) {
    throw new Error(`${name}: the local runner reads items with ItemReader Resource ${SUPPORTED_READER} only`);
  }
  const inputType = isObject(reader.ReaderConfig) ? reader.ReaderConfig.InputType : undefined;
  if (inputType !== "JSON") throw new Error(`${name}: the local runner reads ItemReader InputType JSON only`);
  if (!isObject(reader.Parameters)) throw new Error(`${name}: ItemReader needs Parameters {Bucket, Key}`);
}

/** Only the export to S3 (Resource and Parameters); WriterConfig's transformations are not run locally. */
function checkWriter(name: string, writer: Json | undefined) {
  if (!isObject(writer) || writer.Resource !== SUPPORTED_WRITER) {
    throw new Error(`${name}: the local runner writes results with ResultWriter Resource ${SUPPORTED_WRITER} only`);
  }
  if ("WriterConfig" in writer)
    throw new Error(`${name}: ResultWriter WriterConfig is not supported by the local runner`);
  if (!isObject(writer.Parameters)) throw new Error(`${name}: ResultWriter needs Parameters {Bucket, Prefix}`);
}

/** The Task handlers that run each Distributed Map of one execution. */
export function distributedMapHandlers(
  maps: Record<string, DistributedMapSpec>,
  run: MapRunContext,
): Record<string, Handler> {
  return Object.fromEntries(
    Object.values(maps).map((spec) => [spec.stateName, (input: Json) => runDistributedMap(spec, input, run)]),
  );
}

/** One Map Run: every item (or batch) a child execution; the children's outputs in item order. */
export async function runDistributedMap(spec: DistributedMapSpec, input: Json, run: MapRunContext): Promise<Json> {
  const { state } = spec;
  const items = await readItems(spec, input, run);
  const selected = items.map((item, index) =>
    isObject(state.ItemSelector) || isObject(state.Parameters)
      ? payload((state.ItemSelector ?? state.Parameters) as JsonObject, input, {
          ...run.context,
          Map: { Item: { Index: index, Value: item } },
        })
      : item,
  );
  const groups = batches(spec, selected, input, run.context);
  const limit = concurrency(spec, input, run.context, groups.length);
  const tolerance = tolerated(spec, input, run.context);
  const results: Json[] = new Array(groups.length).fill(null);
  const records: ChildRecord[] = new Array(groups.length);
  const mapRunId = randomUUID();
  const parentArn = String((run.context.Execution as JsonObject | undefined)?.Id ?? "local");
  const machineArn = String((run.context.StateMachine as JsonObject | undefined)?.Id ?? "local");
  const runningChildren = new Set<() => void>();
  let failedItems = 0;
  let exceeded: StatesError | undefined;
  let next = 0;

  const runChild = async (index: number) => {
    const group = groups[index]!;
    const name = randomUUID();
    const executionArn = `${parentArn.replace(":execution:", ":express:")}/${spec.label}:${name}`;
    const startDate = new Date().toISOString();
    const record = (status: "SUCCEEDED" | "FAILED", outcome: JsonObject): ChildRecord => ({
      ExecutionArn: executionArn,
      Name: name,
      StateMachineArn: `${machineArn}/${spec.label}`,
      Status: status,
      StartDate: startDate,
      StopDate: new Date().toISOString(),
      Input: JSON.stringify(group.input),
      InputDetails: { Included: true },
      ...outcome,
    });
    const execution = spec.processor.run(group.input as never, {
      overrides: { taskResourceLocalHandlers: run.handlers() as never },
      context: {
        Execution: {
          Id: executionArn,
          Name: name,
          Input: group.input,
          StartTime: startDate,
          RoleArn: (run.context.Execution as JsonObject | undefined)?.RoleArn ?? null,
        },
        StateMachine: { Id: `${machineArn}/${spec.label}`, Name: spec.label },
      } as never,
    });
    runningChildren.add(execution.abort);
    const startedAt = performance.now();
    try {
      results[index] = (await execution.result) as Json;
      records[index] = record("SUCCEEDED", {
        Output: JSON.stringify(results[index]),
        OutputDetails: { Included: true },
      });
    } catch (error) {
      const e = error as Error & { cause?: { name?: string; message?: string } };
      const failure = { Error: e.cause?.name ?? e.name, Cause: e.cause?.message ?? e.message };
      results[index] = failure;
      records[index] = record("FAILED", failure);
      failedItems += group.itemCount;
      if (isExceeded(failedItems, items.length, tolerance) && !exceeded) {
        exceeded = new StatesError(
          "States.ExceedToleratedFailureThreshold",
          `The Map Run's failed items (${failedItems} of ${items.length}) exceeded the tolerated failure threshold`,
        );
        for (const abort of runningChildren) abort();
      }
    } finally {
      runningChildren.delete(execution.abort);
      run.onChildEnded?.({ executionType: spec.executionType, durationMs: performance.now() - startedAt });
    }
  };

  const stopAll = () => {
    for (const abort of runningChildren) abort();
  };
  run.signal.addEventListener("abort", stopAll);
  try {
    await Promise.all(
      Array.from({ length: limit }, async () => {
        while (next < groups.length && !exceeded && !run.signal.aborted) await runChild(next++);
      }),
    );
  } finally {
    run.signal.removeEventListener("abort", stopAll);
  }
  if (run.signal.aborted) throw new StatesError("States.Runtime", "The execution was stopped during the Map Run");
  if (exceeded) throw exceeded;
  if (!isObject(state.ResultWriter)) return results;
  const mapRunArn = `${machineArn.replace(":stateMachine:", ":mapRun:")}/${spec.label}:${mapRunId}`;
  return writeResults(spec, input, run, { mapRunArn, mapRunId, records });
}

/** A child execution as Step Functions exports it: input and output as JSON text, failures with Error and Cause. */
type ChildRecord = JsonObject & { Status: "SUCCEEDED" | "FAILED" };

/**
 * The ResultWriter's export: one file per status that has children (SUCCEEDED_0.json, FAILED_0.json, each
 * a JSON array) and a manifest.json naming them, under <Prefix>/<Map Run id>/. Each file is far below
 * the 5 GB at which Step Functions starts a second file of the same status, so there is one of each.
 */
async function writeResults(
  spec: DistributedMapSpec,
  input: Json,
  run: MapRunContext,
  runInfo: { mapRunArn: string; mapRunId: string; records: ChildRecord[] },
): Promise<Json> {
  const writer = spec.state.ResultWriter as JsonObject;
  const params = payload(writer.Parameters as JsonObject, input, run.context);
  const bucket = isObject(params) ? params.Bucket : undefined;
  const prefix = isObject(params) ? (params.Prefix ?? "") : undefined;
  if (typeof bucket !== "string" || typeof prefix !== "string") {
    throw new StatesError(
      "States.ResultWriterFailed",
      `${spec.stateName}: ResultWriter Parameters must give Bucket (and Prefix as a string)`,
    );
  }
  const writeObject = run.writeObject;
  if (!writeObject)
    throw new StatesError("States.ResultWriterFailed", "The local runner has no S3 to write results to");
  const folder = `${prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`}${runInfo.mapRunId}/`;
  const files: Record<"SUCCEEDED" | "FAILED" | "PENDING", { Key: string; Size: number }[]> = {
    FAILED: [],
    PENDING: [],
    SUCCEEDED: [],
  };
  const manifest = {
    DestinationBucket: bucket,
    MapRunArn: runInfo.mapRunArn,
    ResultFiles: files,
  };
  const write = async (key: string, body: string) => {
    try {
      await writeObject(bucket, key, body);
    } catch (error) {
      throw new StatesError(
        "States.ResultWriterFailed",
        `Writing s3://${bucket}/${key} failed: ${(error as Error).message}`,
      );
    }
    return Buffer.byteLength(body);
  };
  for (const status of ["SUCCEEDED", "FAILED"] as const) {
    const ended = runInfo.records.filter((r) => r?.Status === status);
    if (ended.length === 0) continue;
    const key = `${folder}${status}_0.json`;
    files[status].push({ Key: key, Size: await write(key, JSON.stringify(ended)) });
  }
  const manifestKey = `${folder}manifest.json`;
  await write(manifestKey, JSON.stringify(manifest));
  return { MapRunArn: runInfo.mapRunArn, ResultWriterDetails: { Bucket: bucket, Key: manifestKey } };
}

async function readItems(spec: DistributedMapSpec, input: Json, run: MapRunContext): Promise<Json[]> {
  const { state } = spec;
  if (!isObject(state.ItemReader)) {
    const items = typeof state.ItemsPath === "string" ? query(state.ItemsPath, input, run.context) : input;
    if (!Array.isArray(items)) throw new StatesError("States.Runtime", `${spec.stateName}: ItemsPath is not an array`);
    return items;
  }
  const reader = state.ItemReader;
  const params = payload(reader.Parameters as JsonObject, input, run.context);
  const bucket = isObject(params) ? params.Bucket : undefined;
  const key = isObject(params) ? params.Key : undefined;
  if (typeof bucket !== "string" || typeof key !== "string") {
    throw new StatesError(
      "States.ItemReaderFailed",
      `${spec.stateName}: ItemReader Parameters must give Bucket and Key`,
    );
  }
  if (!run.readObject)
    throw new StatesError("States.ItemReaderFailed", "The local runner has no S3 to read items from");
  let items: unknown;
  try {
    items = JSON.parse(await run.readObject(bucket, key));
  } catch (error) {
    throw new StatesError(
      "States.ItemReaderFailed",
      `Reading s3://${bucket}/${key} failed: ${(error as Error).message}`,
    );
  }
  if (!Array.isArray(items)) {
    throw new StatesError("States.ItemReaderFailed", `s3://${bucket}/${key} does not hold a JSON array`);
  }
  const config = isObject(reader.ReaderConfig) ? reader.ReaderConfig : {};
  const max = typeof config.MaxItems === "number" && config.MaxItems > 0 ? config.MaxItems : items.length;
  return items.slice(0, max) as Json[];
}

interface Group {
  input: Json;
  itemCount: number;
}

function batches(spec: DistributedMapSpec, items: Json[], input: Json, context: JsonObject): Group[] {
  const batcher = spec.state.ItemBatcher;
  if (!isObject(batcher)) return items.map((item) => ({ input: item, itemCount: 1 }));
  const maxItems = numberField(batcher, "MaxItemsPerBatch", input, context) ?? Number.POSITIVE_INFINITY;
  // Step Functions caps a child's input at 256 KiB whatever the batcher says.
  const maxBytes = Math.min(numberField(batcher, "MaxInputBytesPerBatch", input, context) ?? 262_144, 262_144);
  const batchInput = isObject(batcher.BatchInput) ? payload(batcher.BatchInput, input, context) : undefined;
  const wrap = (group: Json[]): Json =>
    batchInput === undefined ? { Items: group } : { Items: group, BatchInput: batchInput };
  const size = (group: Json[]) => Buffer.byteLength(JSON.stringify(wrap(group)));
  const out: Group[] = [];
  let current: Json[] = [];
  for (const item of items) {
    if (size([item]) > maxBytes) {
      throw new StatesError("States.Runtime", `${spec.stateName}: one item is larger than MaxInputBytesPerBatch`);
    }
    if (current.length > 0 && (current.length >= maxItems || size([...current, item]) > maxBytes)) {
      out.push({ input: wrap(current), itemCount: current.length });
      current = [];
    }
    current.push(item);
  }
  if (current.length > 0) out.push({ input: wrap(current), itemCount: current.length });
  return out;
}

function concurrency(spec: DistributedMapSpec, input: Json, context: JsonObject, children: number) {
  const max = numberField(spec.state, "MaxConcurrency", input, context) ?? 0;
  // 0 (or none) is Step Functions' "as many as it can" (10,000 children at once).
  return Math.max(1, Math.min(children, max > 0 ? max : 10_000));
}

interface Tolerance {
  count?: number;
  percentage?: number;
}

function tolerated(spec: DistributedMapSpec, input: Json, context: JsonObject): Tolerance {
  const count = numberField(spec.state, "ToleratedFailureCount", input, context);
  const percentage = numberField(spec.state, "ToleratedFailurePercentage", input, context);
  return { ...(count !== undefined ? { count } : {}), ...(percentage !== undefined ? { percentage } : {}) };
}

/** With no tolerance set, any failed item fails the run; with both, passing either does. */
export function isExceeded(failed: number, total: number, tolerance: Tolerance): boolean {
  if (failed === 0) return false;
  if (tolerance.count === undefined && tolerance.percentage === undefined) return true;
  if (tolerance.count !== undefined && failed > tolerance.count) return true;
  return tolerance.percentage !== undefined && total > 0 && (failed / total) * 100 > tolerance.percentage;
}

/** `Field` or `FieldPath` (a path into the state's input), as numbers. */
function numberField(owner: JsonObject, field: string, input: Json, context: JsonObject): number | undefined {
  const direct = owner[field];
  const pathed = owner[`${field}Path`];
  const value = typeof pathed === "string" ? query(pathed, input, context) : direct;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || value < 0) throw new StatesError("States.Runtime", `${field} must be a number >= 0`);
  return value;
}

/** A JSONPath payload template: `key.$` fields take the value their path selects. */
export function payload(template: Json, input: Json, context: JsonObject): Json {
  if (Array.isArray(template)) return template.map((v) => payload(v, input, context));
  if (!isObject(template)) return template;
  return Object.fromEntries(
    Object.entries(template).map(([key, value]) => {
      if (!key.endsWith(".$")) return [key, payload(value, input, context)];
      if (typeof value !== "string") throw new StatesError("States.Runtime", `${key} must be a path`);
      if (value.startsWith("States.")) {
        throw new StatesError(
          "States.Runtime",
          `${key}: intrinsic functions are not supported in Distributed Map fields`,
        );
      }
      return [key.slice(0, -2), query(value, input, context)];
    }),
  );
}

const SEGMENT = /\.([A-Za-z_$][\w$-]*)|\['([^']*)'\]|\["([^"]*)"\]|\[(\d+)\]/y;

/** A reference path ($ the input, $$ the context object): dotted or bracketed names and array indexes. */
export function query(path: string, input: Json, context: JsonObject): Json {
  const fromContext = path.startsWith("$$");
  if (!path.startsWith("$")) throw new StatesError("States.Runtime", `Not a path: ${path}`);
  let value: Json | undefined = fromContext ? context : input;
  let at = fromContext ? 2 : 1;
  while (at < path.length) {
    SEGMENT.lastIndex = at;
    const m = SEGMENT.exec(path);
    if (!m) throw new StatesError("States.Runtime", `The local runner cannot read path ${path}`);
    at = SEGMENT.lastIndex;
    const index = m[4];
    const key = m[1] ?? m[2] ?? m[3];
    value =
      index !== undefined
        ? Array.isArray(value)
          ? value[Number(index)]
          : undefined
        : isObject(value) && key !== undefined
          ? value[key]
          : undefined;
    if (value === undefined) {
      throw new StatesError("States.Runtime", `The path ${path} selects nothing in the input`);
    }
  }
  return value;
}
