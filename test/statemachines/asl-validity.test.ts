import { readFileSync } from "node:fs";
import { StateMachine } from "aws-local-stepfunctions";
import { describe, expect, it } from "vitest";
import { STATE_MACHINES, WORKFLOW_TASKS } from "../../lambdas/src/workflows/tasks.js";
import { fromRoot } from "../../lib/paths.js";
import { prepareDistributedMaps } from "../../local/src/aws/sfn/distributed-map.js";

// JSONata and variables are not supported by the local runner (aws-local-stepfunctions).
const FORBIDDEN_FIELDS = ["QueryLanguage", "Assign", "Arguments", "Output"];

/** Substitutions CDK provides (lib/constructs/workflows.ts): one `${<Task>Arn}` per WORKFLOW_TASKS key. */
const PROVIDED = new Set(Object.keys(WORKFLOW_TASKS).map((task) => `${task}Arn`));

interface State {
  Type: string;
  Resource?: string;
  Retry?: unknown[];
  Catch?: unknown[];
  ItemProcessor?: { States: Record<string, State> };
  Iterator?: { States: Record<string, State> };
}

const allStates = (states: Record<string, State>): [string, State][] =>
  Object.entries(states).flatMap(([name, s]) => {
    const inner = s.ItemProcessor?.States ?? s.Iterator?.States;
    return [[name, s] as [string, State], ...(inner ? allStates(inner) : [])];
  });

const fieldNames = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(fieldNames)
    : value && typeof value === "object"
      ? Object.entries(value).flatMap(([k, v]) => [k, ...fieldNames(v)])
      : [];

describe.each(Object.entries(STATE_MACHINES))("state machine %s", (_name, { file }) => {
  const text = readFileSync(fromRoot(file), "utf8");
  const substituted = text.replace(
    /\$\{(\w+)\}/g,
    (_m, name: string) => `arn:aws:lambda:eu-west-1:123456789012:function:${name.replace(/Arn$/, "")}`,
  );

  it("is valid JSON", () => {
    expect(() => JSON.parse(text)).not.toThrow();
  });

  it("uses JSONPath only (no JSONata, no variables)", () => {
    const used = fieldNames(JSON.parse(text)).filter((f) => FORBIDDEN_FIELDS.includes(f));
    expect(used).toEqual([]);
  });

  it("references only substitutions CDK provides", () => {
    const referenced = [...text.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]);
    expect(referenced.length).toBeGreaterThan(0);
    expect(referenced.filter((r) => !PROVIDED.has(r as string))).toEqual([]);
  });

  it("names every Task resource as a task-function substitution", () => {
    const tasks = allStates(JSON.parse(text).States).filter(([, s]) => s.Type === "Task");
    expect(tasks.length).toBeGreaterThan(0);
    for (const [name, s] of tasks) expect(s.Resource, name).toMatch(/^\$\{\w+Arn\}$/);
  });

  it("retries and catches every Task", () => {
    for (const [name, s] of allStates(JSON.parse(text).States).filter(([, st]) => st.Type === "Task")) {
      expect(s.Retry?.length, `${name} Retry`).toBeGreaterThan(0);
      expect(s.Catch?.length, `${name} Catch`).toBeGreaterThan(0);
    }
  });

  it("is accepted by the local Step Functions runner", () => {
    // As sfn-server.ts runs it: Distributed Maps become the runner's own Tasks, the rest the library's.
    expect(() => new StateMachine(prepareDistributedMaps(JSON.parse(substituted)).definition as never)).not.toThrow();
  });
});

describe("the scan's fan-out", () => {
  const scan = JSON.parse(readFileSync(fromRoot(STATE_MACHINES.scan.file), "utf8"));
  const analyseItems = scan.States.ScanPlatforms.ItemProcessor.States.AnalyseItems;

  it("analyses items in batches of Express child workflows read from a manifest, not one Standard iteration per item", () => {
    expect(analyseItems.ItemProcessor.ProcessorConfig).toEqual({ Mode: "DISTRIBUTED", ExecutionType: "EXPRESS" });
    expect(analyseItems.ItemReader.Resource).toBe("arn:aws:states:::s3:getObject");
    expect(analyseItems.ItemsPath).toBeUndefined();
    expect(analyseItems.ItemBatcher.MaxItemsPerBatch).toBeGreaterThan(1);
  });

  it("fits a batch's attempts inside an Express child's five minutes", () => {
    const analyse = analyseItems.ItemProcessor.States.Analyse;
    const retry = analyse.Retry.find((r: { ErrorEquals: string[] }) => r.ErrorEquals.includes("States.Timeout"));
    const attempts = 1 + retry.MaxAttempts;
    const waits = Array.from({ length: retry.MaxAttempts }, (_, i) => retry.IntervalSeconds * retry.BackoffRate ** i);
    expect(attempts * analyse.TimeoutSeconds + waits.reduce((a, b) => a + b, 0)).toBeLessThan(300);
    expect(analyse.TimeoutSeconds).toBeLessThanOrEqual(WORKFLOW_TASKS.ScanAnalyse.timeoutSeconds);
  });
});

describe("the crawl's fan-out", () => {
  const crawl = JSON.parse(readFileSync(fromRoot(STATE_MACHINES.crawl.file), "utf8"));
  type MapState = State & {
    ProcessorConfig?: unknown;
    ResultWriter?: { Resource: string; Parameters: Record<string, string> };
    ResultPath?: string;
    Next?: string;
    Parameters?: Record<string, string>;
  };
  const inner = (outer: string) => crawl.States[outer].ItemProcessor.States as Record<string, MapState>;
  const distributed = allStates(crawl.States as Record<string, State>).filter(
    ([, s]) =>
      (s.ItemProcessor as { ProcessorConfig?: { Mode?: string } } | undefined)?.ProcessorConfig?.Mode === "DISTRIBUTED",
  ) as [string, MapState][];

  it("exports every Distributed Map's child results to S3 instead of gathering them into the 256 KiB state", () => {
    expect(distributed.map(([name]) => name).sort()).toEqual(["AnalyseLookBack", "AnalyseShared"]);
    for (const [name, map] of distributed) {
      expect(map.ResultWriter?.Resource, name).toBe("arn:aws:states:::s3:putObject");
      expect(map.ResultWriter?.Parameters, name).toEqual({
        "Bucket.$": "$.results.bucket",
        "Prefix.$": "$.results.prefix",
      });
    }
  });

  it("puts each crawl's results beside its manifests' bucket under results/crawl/<crawlId>", () => {
    for (const [outer, discover] of [
      ["CrawlPlatforms", "DiscoverShared"],
      ["LookBacks", "DiscoverLookBack"],
    ] as const) {
      const states = inner(outer);
      const place = states[states[discover]?.Next ?? ""];
      expect(place?.Type, outer).toBe("Pass");
      expect(place?.ResultPath, outer).toBe("$.results");
      expect(place?.Parameters, outer).toEqual({
        "bucket.$": "$.discovered.manifest.bucket",
        "prefix.$": "States.Format('results/crawl/{}', $.crawlId)",
      });
      expect(states[place?.Next ?? ""]?.ResultWriter, outer).toBeDefined();
    }
  });
});
