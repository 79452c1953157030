import type { ScanRecord } from "@lg/domain/scanning/scan-ports";
import { ScanReconciler } from "@lg/domain/scanning/scan-reconciler";
import { ScanService } from "@lg/domain/scanning/scan-service";
import { ThreatHandover } from "@lg/domain/scanning/threat-handover";
import { AlertService } from "@lg/domain/takedowns/alert-service";
import type { ThreatCandidate } from "@lg/domain/threats/threat-recorder";
import { defaultRecipientDirectory } from "@lg/notices";
import { beforeEach, describe, expect, it } from "vitest";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryAlerts, profile, RecordingMail, RecordingSms, sequentialId, USER } from "../takedowns/fakes.js";
import { InMemoryAlertOutbox, InMemoryScanLocks, InMemoryThreatRepository } from "./fakes.js";

const APP = "https://app.example.com";
const NOW = new Date("2026-11-23T10:00:00.000Z");

const candidate = (sha: string, confidence: number): ThreatCandidate => ({
  personId: "self",
  threatType: "impersonation",
  confidence,
  platform: "reddit",
  url: `https://www.reddit.com/r/pics/comments/${sha.slice(0, 6)}/`,
  mediaSha256: sha.repeat(64 / sha.length),
  evidence: { hash: "e".repeat(64), manifestKey: `evidence/${sha}.json`, capturedAt: NOW.toISOString() },
  detection: {},
  classification: threatClassification("impersonation", { confidence }),
});
const outcomes = (...candidates: ThreatCandidate[]) => [{ url: "https://www.reddit.com/", candidates }];

let threats: InMemoryThreatRepository;
let outbox: InMemoryAlertOutbox;
let locks: InMemoryScanLocks;
let scans: Map<string, ScanRecord>;
let mail: RecordingMail;
let scanning: ScanService;
let handover: ThreatHandover;
let reconciler: ScanReconciler;

beforeEach(async () => {
  threats = new InMemoryThreatRepository();
  outbox = new InMemoryAlertOutbox();
  locks = new InMemoryScanLocks();
  scans = new Map();
  mail = new RecordingMail();
  const scanRepo = {
    put: async (scan: ScanRecord) => void scans.set(scan.scanId, structuredClone(scan)),
    get: async (_u: string, id: string) => structuredClone(scans.get(id) ?? null),
    list: async () => [...scans.values()],
    recordPlatformProgress: async () => undefined,
  };
  const alerts = new AlertService({
    alerts: new InMemoryAlerts(),
    email: mail,
    sms: new RecordingSms(),
    directory: defaultRecipientDirectory(),
    appUrl: APP,
    now: () => NOW,
    newId: sequentialId,
  });
  scanning = new ScanService({
    threats,
    outbox,
    locks,
    scans: scanRepo,
    erased: { isErased: async () => false },
    now: () => NOW,
  } as never);
  handover = new ThreatHandover({
    outbox,
    threats,
    getProfile: async () => profile({ notificationSettings: { sensitivity: "high", push: false } }),
    alertNewThreats: (person, list) => alerts.alertNewThreats(person, list),
    autoTakedown: async () => false,
    now: () => NOW,
  });
  reconciler = new ScanReconciler({
    scans: scanRepo,
    locks,
    handover,
    erased: { isErased: async () => false },
    now: () => NOW,
  });
  for (const scanId of ["s1", "s2"]) {
    await scanRepo.put({
      userId: USER,
      scanId,
      trigger: "force",
      status: "running",
      platforms: [],
      itemsScanned: 0,
      threatsFound: 0,
      platformProgress: {},
      startedAt: NOW.toISOString(),
    });
  }
  await locks.acquire(
    { userId: USER, scanId: "s1", acquiredAt: NOW.toISOString(), leaseUntil: "2026-11-23T12:00:00.000Z" },
    NOW,
  );
});

const aborted = (scanId: string) => ({
  executionArn: `arn:aws:states:us-east-1:000000000000:execution:scan:${scanId}`,
  status: "ABORTED" as const,
  startDate: NOW.getTime(),
  input: { userId: USER, scanId },
});
const linksIn = (text: string) => [...text.matchAll(/dashboard\?threat=([\w-]+)/g)].map((m) => m[1]);

describe("a scan killed after recording threats", () => {
  it("is settled by the reconciler: not running, slot free, and its threats alerted in one message", async () => {
    const { created } = await scanning.record({
      userId: USER,
      scanId: "s1",
      platformId: "reddit",
      outcomes: outcomes(candidate("a1", 96), candidate("b2", 91), candidate("c3", 72)),
    });
    expect(created).toHaveLength(3);
    // Killed here: Finish never runs, nothing was sent.
    expect(mail.sent).toHaveLength(0);

    const settled = await reconciler.reconcile(aborted("s1"));
    expect(settled).toMatchObject({ scanId: "s1", status: "failed", threats: 3, alerts: 1 });
    expect(scans.get("s1")?.status).toBe("failed");
    expect(locks.locks.has(USER)).toBe(false);
    expect(mail.sent).toHaveLength(1);
    const [message] = mail.sent;
    expect(message?.subject).toBe("LikenessGuard found 2 new threats");
    // Every threat links to itself; the 72% one is listed under low confidence (sensitivity high).
    expect(new Set(linksIn(message?.text ?? ""))).toEqual(new Set(created));
    expect(message?.text).toMatch(/Low confidence \(1\)[\s\S]*likely match/);

    // The event delivered twice, or a FAILED execution whose Finish already ran: nothing more goes out.
    await reconciler.reconcile(aborted("s1"));
    expect(mail.sent).toHaveLength(1);
  });

  it("is never alerted again by a later scan that sees the same media, which alerts only what is new", async () => {
    const first = await scanning.record({
      userId: USER,
      scanId: "s1",
      platformId: "reddit",
      outcomes: outcomes(candidate("a1", 96)),
    });
    await reconciler.reconcile(aborted("s1"));
    const later = await scanning.record({
      userId: USER,
      scanId: "s2",
      platformId: "reddit",
      outcomes: outcomes(candidate("a1", 96), candidate("d4", 94)),
    });
    await scanning.finish({ userId: USER, scanId: "s2", results: [{ created: later.created, items: 2 }] });
    await handover.sendOwed(USER);
    expect(mail.sent).toHaveLength(2);
    expect(linksIn(mail.sent[1]?.text ?? "")).toEqual(later.created);
    expect(later.created).not.toContain(first.created[0]);
  });

  it("owes the alert before the threat exists, so a threat written after a crash still alerts once", async () => {
    // Killed between owing and writing the threat: the owed alert waits, nothing is sent for a missing threat.
    await outbox.oweIfAbsent({
      userId: USER,
      threatId: "thr_pending",
      scanId: "s1",
      status: "owed",
      createdAt: NOW.toISOString(),
    });
    expect(await handover.sendOwed(USER)).toEqual({ threats: 0, alerts: 0, autoTakedowns: 0 });
    const { created } = await scanning.record({
      userId: USER,
      scanId: "s1",
      platformId: "reddit",
      outcomes: outcomes(candidate("e5", 97)),
    });
    await Promise.all([handover.sendOwed(USER), handover.sendOwed(USER), reconciler.reconcile(aborted("s1"))]);
    expect(mail.sent).toHaveLength(1);
    expect(linksIn(mail.sent[0]?.text ?? "")).toEqual(created);
    expect([...outbox.items.values()].find((o) => o.threatId === "thr_pending")?.status).toBe("owed");
  });

  it("sends nothing when every new threat is under the person's sensitivity", async () => {
    await scanning.record({
      userId: USER,
      scanId: "s1",
      platformId: "reddit",
      outcomes: outcomes(candidate("f6", 75), candidate("g7", 60)),
    });
    expect(await reconciler.reconcile(aborted("s1"))).toMatchObject({ threats: 2, alerts: 0 });
    expect(mail.sent).toHaveLength(0);
  });
});
