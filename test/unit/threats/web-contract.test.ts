import type { Stats as StatsShape } from "@lg/domain/threats/threat-stats";
import { describe, expect, expectTypeOf, it } from "vitest";
import { ROUTES } from "../../../lambdas/src/api/routes.js";
import { checkAnswer } from "../../../lambdas/src/shared/http/responses.js";
import type { ProfileView } from "../../../packages/domain/src/accounts/profile-view.js";
import type { Profile } from "../../../packages/domain/src/accounts/web-contract.js";
import type { BillingSummary as BillingShape } from "../../../packages/domain/src/billing/billing-service.js";
import type { BillingSummary } from "../../../packages/domain/src/billing/web-contract.js";
import type { ConsentStatus } from "../../../packages/domain/src/biometrics/consent.js";
import type { EnrolmentService } from "../../../packages/domain/src/biometrics/enrolment-service.js";
import type {
  Consent,
  LiveCheckResult,
  ReportedEnrolment,
  UploadEnrolment,
} from "../../../packages/domain/src/biometrics/web-contract.js";
import type { ScanProgressView } from "../../../packages/domain/src/scanning/scan-progress.js";
import type { StatusPage as StatusShape } from "../../../packages/domain/src/system/status/status-service.js";
import type { StatusPage } from "../../../packages/domain/src/system/web-contract.js";
import type { NoticeDraft, SendOutcome } from "../../../packages/domain/src/takedowns/notice-service.js";
import type { DmcaDraft, SendResult } from "../../../packages/domain/src/takedowns/web-contract.js";
import type { TeamView as TeamShape } from "../../../packages/domain/src/team/team-service.js";
import type { TeamView } from "../../../packages/domain/src/team/web-contract.js";
import type { ThreatMediaFacts as MediaShape } from "../../../packages/domain/src/threats/threat-media.js";
import { ThreatQueries } from "../../../packages/domain/src/threats/threat-queries.js";
import { recordThreats, type ThreatCandidate } from "../../../packages/domain/src/threats/threat-recorder.js";
import { threatListItem, threatView } from "../../../packages/domain/src/threats/threat-view.js";
import {
  type ScanStatus,
  Stats,
  ThreatDetails,
  type ThreatMediaFacts,
  ThreatPage,
} from "../../../packages/domain/src/threats/web-contract.js";
import { threatClassification } from "../../support/threat-classification.js";
import { InMemoryThreatRepository } from "../scanning/fakes.js";

/**
 * The web contract (packages/domain/src/<context>/web-contract.ts) is what the web app parses; the
 * services' real answers must be answers it accepts, and an answer that drifts must fail.
 */

const candidate = (i: number, over: Partial<ThreatCandidate>): ThreatCandidate => ({
  personId: "self",
  threatType: "deepfake",
  confidence: 90,
  platform: "youtube",
  contentType: "image/jpeg",
  url: `https://youtube.example/watch?v=${i}`,
  mediaSha256: i.toString(16).padStart(64, "0"),
  account: `poster_${i}`,
  evidence: { hash: `h${i}`, manifestKey: `k${i}`, capturedAt: "2026-11-22T00:00:00.000Z" },
  detection: {
    syntheticScore: 0.91,
    signals: [{ id: "c2pa", status: "present", score: 1, explanation: "The file declares itself AI-generated" }],
  },
  classification: threatClassification(over.threatType ?? "deepfake", { confidence: over.confidence ?? 90 }),
  ...over,
});

/** One threat of each type the product records, through the real recorder. */
async function recorded() {
  const threats = new InMemoryThreatRepository();
  let minute = 0;
  await recordThreats(
    threats,
    "u1",
    [
      candidate(1, {}),
      candidate(2, {
        threatType: "voice_clone",
        contentType: "audio/mpeg",
        classification: threatClassification("voice_clone"),
      }),
      candidate(3, {
        threatType: "impersonation",
        contentType: "profile",
        detection: { nameMatch: "Ada Lovelace", handle: "ada_real" },
        classification: threatClassification("impersonation", { handle: "ada_real", nameMatch: "Ada Lovelace" }),
      }),
      candidate(4, { threatType: "likeness_misuse", classification: threatClassification("likeness_misuse") }),
      candidate(5, { threatType: "intimate_imagery", classification: threatClassification("intimate_imagery") }),
    ],
    () => new Date(Date.UTC(2026, 10, 20, 0, minute++)).toISOString(),
  );
  const queries = new ThreatQueries({
    accounts: { getProfile: async () => null, listSamples: async () => [], listConsents: async () => [] },
    scans: { list: async () => [] },
    threats,
    evidence: { get: async () => null, putIfAbsent: async () => "created" as const },
    renderPreview: async (b: Uint8Array) => b,
    now: () => new Date("2026-11-22T00:00:00Z"),
    counters: {
      counters: async () => ({
        userId: "u1",
        total: 5,
        n_active: 5,
        n_false_positive: 0,
        n_dismissed: 0,
        n_takedown_requested: 0,
        n_removed: 0,
        activeConfidenceSum: 450,
        byDay: { "2026-11-20": 5 },
        countedAt: "2026-11-22T00:00:00.000Z",
      }),
    },
    registeredImages: { count: async () => 0 },
  } as never);
  return { threats, queries, records: await threats.list("u1") };
}

const problemsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join(".")) ?? [];

describe("the services' real answers fit the web contract", () => {
  it("a threat's details, of every type, as GET /api/threats/{id} answers them", async () => {
    const { queries, records } = await recorded();
    expect(records).toHaveLength(5);
    for (const record of records) {
      const answer = JSON.parse(JSON.stringify(await queries.get("u1", record.id)));
      expect(problemsOf(ThreatDetails.safeParse(answer)), record.threatType).toEqual([]);
    }
  });

  it("a threat, of every type, as PUT /api/threats/{id}/status answers it", async () => {
    const { records } = await recorded();
    for (const record of records) {
      const answer = JSON.parse(JSON.stringify(threatView(record)));
      expect(problemsOf(ThreatDetails.safeParse(answer)), record.threatType).toEqual([]);
    }
  });

  it("a page of list rows, as GET /api/threats answers it", async () => {
    const { records } = await recorded();
    const page = JSON.parse(JSON.stringify({ items: records.map(threatListItem), nextCursor: null, total: 5 }));
    expect(problemsOf(ThreatPage.safeParse(page))).toEqual([]);
  });

  it("the dashboard's statistics, as GET /api/stats answers them", async () => {
    const { queries } = await recorded();
    const stats = JSON.parse(JSON.stringify(await queries.stats("u1")));
    expect(problemsOf(Stats.safeParse(stats))).toEqual([]);
  });

  it("what the services are typed to answer is what the contract accepts", () => {
    expectTypeOf<StatsShape>().toExtend<Stats>();
    expectTypeOf<ProfileView>().toExtend<Profile>();
    expectTypeOf<MediaShape>().toExtend<ThreatMediaFacts>();
    expectTypeOf<ScanProgressView>().toExtend<ScanStatus>();
    expectTypeOf<NoticeDraft>().toExtend<DmcaDraft>();
    expectTypeOf<SendOutcome>().toExtend<SendResult>();
    expectTypeOf<BillingShape>().toExtend<BillingSummary>();
    expectTypeOf<TeamShape>().toExtend<TeamView>();
    expectTypeOf<ConsentStatus>().toExtend<Consent>();
    expectTypeOf<StatusShape>().toExtend<StatusPage>();
    type Answer<M extends keyof EnrolmentService> = EnrolmentService[M] extends (...args: never[]) => Promise<infer A>
      ? A
      : never;
    expectTypeOf<Answer<"registerUpload">>().toExtend<UploadEnrolment>();
    expectTypeOf<Answer<"enrolLiveCapture">>().toExtend<LiveCheckResult>();
    expectTypeOf<Answer<"enrolReportedCapture">>().toExtend<ReportedEnrolment>();
  });
});

describe("an answer that drifts from the contract", () => {
  it("fails its schema where a field changed its name or its values", async () => {
    const { queries, records } = await recorded();
    const answer = JSON.parse(JSON.stringify(await queries.get("u1", records[0]?.id ?? "")));
    const { threatType: _renamed, ...renamed } = { ...answer, type: answer.threatType };
    expect(problemsOf(ThreatDetails.safeParse(renamed))).toContain("threatType");
    expect(problemsOf(ThreatDetails.safeParse({ ...answer, severity: "severe" }))).toContain("severity");
  });

  it("fails the handler's answer in tests, naming the route and the field (the route table names each schema)", async () => {
    const route = ROUTES.find((r) => r.method === "GET" && r.path === "/api/stats");
    expect(route?.answer).toBe(Stats);
    const { queries } = await recorded();
    const stats = await queries.stats("u1");
    const answer = (body: unknown) => ({
      statusCode: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(() => checkAnswer("GET /api/stats", Stats, answer(stats))).not.toThrow();
    expect(() => checkAnswer("GET /api/stats", Stats, answer({ ...stats, activeThreats: "5" }))).toThrow(
      /^GET \/api\/stats answered outside the web contract: activeThreats: /,
    );
    // Errors are not answers of the contract: a refusal passes through as it is.
    expect(() =>
      checkAnswer("GET /api/stats", Stats, { ...answer({ message: "Not found" }), statusCode: 404 }),
    ).not.toThrow();
  });
});
