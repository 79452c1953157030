import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { DynamoScanLocks } from "@lg/domain/scanning/adapters/dynamo-scan-locks";
import type { ScanRecord } from "@lg/domain/scanning/scan-ports";
import { ScanService } from "@lg/domain/scanning/scan-service";
import { SCAN_LOCK_LEASE_MS, ScanStarter, scanIdForExecution } from "@lg/domain/scanning/scan-starter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../../local/src/aws/http-server.js";
import { localClientConfig } from "../../../local/src/stand-ins/client-config.js";
import { ensureTable, startDynamoDb } from "../../../local/src/stand-ins/dynamodb.js";

const TABLE = "scan-slot-test";
let dir: string;
let dynamodb: RunningServer;
let locks: DynamoScanLocks;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lg-scan-slot-"));
  dynamodb = await startDynamoDb(dir);
  await ensureTable(dynamodb.url, TABLE);
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient(localClientConfig(dynamodb.url)));
  locks = new DynamoScanLocks(doc, TABLE);
});

afterAll(async () => {
  await dynamodb.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The starter over the table's real conditional writes; the workflow records what it was asked to start. */
function starter(now: () => Date) {
  const started: string[] = [];
  const records: ScanRecord[] = [];
  const service = new ScanStarter({
    scans: {
      put: async (scan) => void records.push(scan),
      get: async () => null,
      list: async () => [],
      recordPlatformProgress: async () => undefined,
    },
    locks,
    workflow: {
      start: async (name) => {
        started.push(name);
        // The time StartExecution takes is where a check-then-act start let others through.
        await new Promise((r) => setTimeout(r, 20));
        return `arn:aws:states:us-east-1:000000000000:execution:scan:${name}`;
      },
    },
    enrolledPeople: async () => [{ personId: "self", displayName: "Ada", face: [new Float32Array(4)], voice: [] }],
    now,
  });
  return { service, started, records };
}

describe("one running scan per person", () => {
  it("starts exactly one of six simultaneous forced scans; the others answer with the running one", async () => {
    const { service, started } = starter(() => new Date());
    const answers = await Promise.all(Array.from({ length: 6 }, () => service.start("ada", "force")));
    expect(started).toHaveLength(1);
    expect(answers.filter((a) => !a.alreadyRunning)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.scanId))).toEqual(new Set(started));
  });

  it("lets the next scan start once the running one released its slot, and keeps people apart", async () => {
    const { service, started } = starter(() => new Date());
    const first = await service.start("bo", "force");
    expect((await service.start("bo", "force")).alreadyRunning).toBe(true);
    expect((await service.start("cy", "force")).alreadyRunning).toBe(false);
    await locks.release("bo", "scan_someone_else");
    expect((await service.start("bo", "force")).alreadyRunning).toBe(true);
    await locks.release("bo", first.scanId);
    expect((await service.start("bo", "force")).alreadyRunning).toBe(false);
    expect(started).toHaveLength(3);
  });

  it("frees a slot whose lease ran out (its end event was lost)", async () => {
    let clock = Date.parse("2026-11-23T10:00:00Z");
    const { service } = starter(() => new Date(clock));
    expect((await service.start("dee", "force")).alreadyRunning).toBe(false);
    clock += SCAN_LOCK_LEASE_MS - 1000;
    expect((await service.start("dee", "force")).alreadyRunning).toBe(true);
    clock += 2000;
    expect((await service.start("dee", "force")).alreadyRunning).toBe(false);
  });

  it("frees the slot when the workflow could not be started", async () => {
    const failing = new ScanStarter({
      scans: {
        put: async () => undefined,
        get: async () => null,
        list: async () => [],
        recordPlatformProgress: async () => undefined,
      },
      locks,
      workflow: {
        start: async () => {
          throw new Error("ServiceUnavailable");
        },
      },
      enrolledPeople: async () => [{ personId: "self", displayName: "Eve", face: [new Float32Array(4)], voice: [] }],
      now: () => new Date(),
    });
    await expect(failing.start("eve", "force")).rejects.toThrow("ServiceUnavailable");
    expect((await starter(() => new Date()).service.start("eve", "force")).alreadyRunning).toBe(false);
  });
});

describe("a scheduled scan", () => {
  const plan = (scanId: string, records: ScanRecord[]) =>
    new ScanService({
      accounts: {
        getProfile: async () => ({
          userId: "fay",
          membershipTier: "personal",
          platforms: ["reddit"],
          aliases: [],
          handles: [],
        }),
        listSamples: async () => [],
      },
      scans: {
        put: async (scan: ScanRecord) => void records.push(scan),
        get: async () => null,
        list: async () => [],
        recordPlatformProgress: async () => undefined,
      },
      locks,
      enrolledPeople: async () => [],
      erased: { isErased: async () => false },
      now: () => new Date(),
    } as never).plan({ userId: "fay", scanId, trigger: "schedule" });

  it("takes the slot itself, and ends without a record of its own while another scan holds it", async () => {
    const records: ScanRecord[] = [];
    const forced = await starter(() => new Date()).service.start("fay", "force");
    expect(await plan("scan_scheduled", records)).toMatchObject({ platforms: [], skipped: forced.scanId });
    expect(records).toEqual([]);
    await locks.release("fay", forced.scanId);
    expect((await plan("scan_scheduled", records)).skipped).toBeUndefined();
    // A retried LoadPlatforms of the same scan takes its own slot again.
    expect((await plan("scan_scheduled", records)).skipped).toBeUndefined();
    expect((await starter(() => new Date()).service.start("fay", "force")).scanId).toBe("scan_scheduled");
  });

  it("has the same id in LoadPlatforms (the context's StartTime) and in the reconciler (the event's startDate)", () => {
    const arn = "arn:aws:states:us-east-1:000000000000:execution:likenessguard-scan:3f1c";
    const started = Date.parse("2026-11-23T10:15:42.123Z");
    expect(scanIdForExecution("2026-11-23T10:15:42.123Z", arn)).toBe(scanIdForExecution(started, arn));
    expect(scanIdForExecution(started, arn)).not.toBe(scanIdForExecution(started, `${arn}0`));
  });
});
