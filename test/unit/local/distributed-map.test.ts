import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from "@aws-sdk/client-sfn";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { isExceeded, prepareDistributedMaps } from "../../../local/src/aws/sfn/distributed-map.js";
import { type LocalSfn, startSfnServer } from "../../../local/src/aws/sfn/sfn-server.js";
import { localClientConfig } from "../../../local/src/stand-ins/client-config.js";
import { startS3 } from "../../../local/src/stand-ins/s3.js";

const BUCKET = "lg-test-scan-work";
let dir: string;
let s3Server: RunningServer;
let sfn: LocalSfn;
let s3: S3Client;
let client: SFNClient;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-dmap-"));
  s3Server = await startS3(path.join(dir, "s3"), [BUCKET], ["http://localhost"]);
  s3 = new S3Client(localClientConfig(s3Server.url));
  sfn = await startSfnServer({
    dataDir: path.join(dir, "sfn"),
    stateMachines: {
      distributed: "test/unit/local/fixtures/distributed.asl.json",
      results: "test/unit/local/fixtures/distributed-results.asl.json",
    },
    tasks: { Batch: { entry: "test/unit/local/fixtures/batch-task.ts" } },
    taskWorkers: 0,
    s3: localClientConfig(s3Server.url),
  });
  client = new SFNClient(localClientConfig(sfn.url));
});
afterAll(async () => {
  await sfn?.close();
  await s3Server?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Batch {
  items: { index: number; fail: boolean; waitMs: number; tag: string }[];
  batchInput: { scan: string };
  startedAt: number;
  endedAt: number;
}

/** Writes the manifest, runs the machine over it and answers how the execution ended. */
async function runOver(
  name: string,
  items: { fail: boolean; waitMs: number }[],
  options: { concurrency?: number; toleratedPercentage?: number; resultsPrefix?: string } = {},
  machine = "distributed",
) {
  const key = `manifests/${name}.json`;
  await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: JSON.stringify(items) }));
  const input = { bucket: BUCKET, key, tag: name, concurrency: 0, toleratedPercentage: 0, ...options };
  const { executionArn } = await client.send(
    new StartExecutionCommand({ stateMachineArn: sfn.arnOf(machine), name, input: JSON.stringify(input) }),
  );
  await sfn.idle();
  const run = await client.send(new DescribeExecutionCommand({ executionArn }));
  return {
    run,
    output: JSON.parse(run.output ?? "null") as {
      batches: (Batch | { Error: string })[];
      analysed?: { MapRunArn: string; ResultWriterDetails: { Bucket: string; Key: string } };
    } | null,
    usage: sfn.usage(executionArn ?? ""),
  };
}

const items = (n: number, failing: number[] = [], waitMs = 0) =>
  Array.from({ length: n }, (_, i) => ({ fail: failing.includes(i), waitMs }));

describe("Distributed Map in the local Step Functions runner", () => {
  it("reads the items from the S3 manifest and hands each child a batch of at most MaxItemsPerBatch with BatchInput", async () => {
    const { run, output, usage } = await runOver("batched", items(7));
    expect(run.status).toBe("SUCCEEDED");
    const batches = output?.batches as Batch[];
    expect(batches.map((b) => b.items.map((i) => i.index))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    // ItemSelector saw the Map's input ($.tag) and each item ($$.Map.Item.Value); BatchInput is resolved once.
    expect(batches.every((b) => b.items.every((i) => i.tag === "batched"))).toBe(true);
    expect(batches.map((b) => b.batchInput)).toEqual([{ scan: "batched" }, { scan: "batched" }, { scan: "batched" }]);
    // Billed as AWS bills it: the Map state and one transition per child started; each child an Express request.
    expect(usage).toMatchObject({ standardTransitions: 1 + 3, expressRequests: 3 });
    expect(usage?.expressBilledMs).toBeGreaterThanOrEqual(300);
  });

  it("runs no more children at once than MaxConcurrency", async () => {
    const { run, output } = await runOver("concurrency", items(12, [], 150), { concurrency: 2 });
    expect(run.status).toBe("SUCCEEDED");
    const batches = output?.batches as Batch[];
    expect(batches).toHaveLength(4);
    // Running at each child's start (the moments the count can rise): counting every child a long one
    // overlaps would count two that ran one after the other beside it.
    const mostAtOnce = Math.max(
      ...batches.map((b) => batches.filter((o) => o.startedAt <= b.startedAt && b.startedAt < o.endedAt).length),
    );
    expect(mostAtOnce).toBe(2);
  });

  it("tolerates failed batches up to ToleratedFailurePercentage and keeps their errors in the result", async () => {
    // 9 items in three batches; the second fails: 3 of 9 items (33%) failed, 40% tolerated.
    const { run, output } = await runOver("tolerated", items(9, [4]), { toleratedPercentage: 40 });
    expect(run.status).toBe("SUCCEEDED");
    const batches = output?.batches ?? [];
    expect(batches).toHaveLength(3);
    expect(batches[1]).toMatchObject({ Error: "Error" });
    expect((batches[0] as Batch).items).toHaveLength(3);
    expect((batches[2] as Batch).items).toHaveLength(3);
  });

  it("fails the Map with States.ExceedToleratedFailureThreshold once failed items pass the tolerance", async () => {
    // The same failed batch is 3 of 9 items (33%) against 20% tolerated; the Map's Catch names the error.
    const { run } = await runOver("exceeded", items(9, [4]), { toleratedPercentage: 20 });
    expect(run.status).toBe("FAILED");
    expect(run.error).toBe("States.ExceedToleratedFailureThreshold");
  });

  it("fails on any failed item when no tolerance is set, as Step Functions does", () => {
    expect(isExceeded(1, 100, {})).toBe(true);
    expect(isExceeded(0, 100, {})).toBe(false);
    expect(isExceeded(3, 10, { count: 3 })).toBe(false);
    expect(isExceeded(4, 10, { count: 3 })).toBe(true);
    expect(isExceeded(3, 10, { count: 5, percentage: 20 })).toBe(true);
  });

  it("exports the children's results to S3 with a ResultWriter and keeps only where they are in the state", async () => {
    // 9 items in three batches; the second fails and is tolerated (3 of 9 items, 40% tolerated).
    const { run, output } = await runOver(
      "exported",
      items(9, [4]),
      { toleratedPercentage: 40, resultsPrefix: "results/crawl/exported" },
      "results",
    );
    expect(run.status).toBe("SUCCEEDED");
    // The state holds the Map Run and the manifest's place, as AWS answers, never the children's outputs.
    const details = output?.analysed?.ResultWriterDetails;
    expect(output?.analysed?.MapRunArn).toMatch(/:mapRun:results\/Each:[0-9a-f-]{36}$/);
    expect(details?.Bucket).toBe(BUCKET);
    const mapRunId = output?.analysed?.MapRunArn.split(":").at(-1);
    expect(details?.Key).toBe(`results/crawl/exported/${mapRunId}/manifest.json`);
    expect(run.output).not.toContain("batchInput");

    const read = async (key: string) => {
      const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return JSON.parse((await object.Body?.transformToString("utf8")) ?? "null");
    };
    const manifest = await read(details?.Key ?? "");
    const folder = `results/crawl/exported/${mapRunId}/`;
    expect(manifest).toMatchObject({
      DestinationBucket: BUCKET,
      MapRunArn: output?.analysed?.MapRunArn,
      ResultFiles: {
        SUCCEEDED: [{ Key: `${folder}SUCCEEDED_0.json`, Size: expect.any(Number) }],
        FAILED: [{ Key: `${folder}FAILED_0.json`, Size: expect.any(Number) }],
        PENDING: [],
      },
    });
    const succeeded = await read(`${folder}SUCCEEDED_0.json`);
    expect(succeeded.map((r: { Status: string }) => r.Status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    // Input and Output are JSON text, as Step Functions exports them.
    const outputs = succeeded.map((r: { Output: string }) => JSON.parse(r.Output) as Batch);
    expect(outputs.map((b: Batch) => b.items.map((i) => i.index))).toEqual([
      [0, 1, 2],
      [6, 7, 8],
    ]);
    expect(JSON.parse(succeeded[0].Input)).toMatchObject({ BatchInput: { scan: "exported" } });
    expect(succeeded[0].ExecutionArn).toMatch(/:express:.*\/Each:/);
    const failed = await read(`${folder}FAILED_0.json`);
    expect(failed).toEqual([
      expect.objectContaining({ Status: "FAILED", Error: "Error", Cause: "An item of this batch asked to fail" }),
    ]);
    expect(manifest.ResultFiles.FAILED[0].Size).toBe(Buffer.byteLength(JSON.stringify(failed)));
  });

  it("refuses at start a ResultWriter it cannot run", () => {
    type Definition = Parameters<typeof prepareDistributedMaps>[0];
    const map = (writer: Definition): Definition => ({
      StartAt: "Each",
      States: {
        Each: {
          Type: "Map",
          ItemProcessor: {
            ProcessorConfig: { Mode: "DISTRIBUTED", ExecutionType: "EXPRESS" },
            StartAt: "P",
            States: { P: { Type: "Pass", End: true } },
          },
          ResultWriter: writer,
          End: true,
        },
      },
    });
    const putObject = "arn:aws:states:::s3:putObject";
    expect(() => prepareDistributedMaps(map({ WriterConfig: { OutputType: "JSONL" } }))).toThrow(/putObject only/);
    expect(() =>
      prepareDistributedMaps(map({ Resource: putObject, Parameters: { Bucket: "b" }, WriterConfig: {} })),
    ).toThrow(/WriterConfig is not supported/);
    expect(() => prepareDistributedMaps(map({ Resource: putObject, Parameters: { Bucket: "b" } }))).not.toThrow();
  });

  it("fails with States.ItemReaderFailed when the manifest is missing", async () => {
    const { executionArn } = await client.send(
      new StartExecutionCommand({
        stateMachineArn: sfn.arnOf("distributed"),
        name: "missing-manifest",
        input: JSON.stringify({
          bucket: BUCKET,
          key: "manifests/none.json",
          tag: "x",
          concurrency: 0,
          toleratedPercentage: 0,
        }),
      }),
    );
    await sfn.idle();
    const run = await client.send(new DescribeExecutionCommand({ executionArn }));
    expect(run.status).toBe("FAILED");
    expect(run.error).toBe("States.ItemReaderFailed");
  });
});
