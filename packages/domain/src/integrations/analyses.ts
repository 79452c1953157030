import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { DomainError } from "../errors.js";
import { sha256Hex } from "../scanning/evidence.js";
import { likenessVerdict } from "../scanning/likeness-verdict.js";
import type { EnrolledPerson, LikenessAnalyser, MediaAnalysis } from "../scanning/scan-ports.js";
import type { ApiAnalysis } from "../table/integration-entities.js";
import { DECLARATION_SIGNALS } from "../threats/claim-policy.js";
import {
  ANALYSIS_MAX_BYTES,
  type AnalysisRequest,
  AnalysisResult,
  type PublicAnalysis,
} from "./public-api-contract.js";

export type ApiAnalysisRecord = z.infer<typeof ApiAnalysis.schema>;
type Result = z.infer<typeof AnalysisResult>;
type View = z.infer<typeof PublicAnalysis>;

export interface AnalysisStore {
  put(analysis: ApiAnalysisRecord): Promise<void>;
  get(accountId: string, analysisId: string): Promise<ApiAnalysisRecord | null>;
}

/** Files put by API clients at a presigned URL, one per analysis, read once and then deleted. */
export interface AnalysisUploads {
  /** A URL the client PUTs the file to; its size and type are signed into it. */
  uploadUrl(
    key: { accountId: string; analysisId: string },
    file: { contentType: string; bytes: number },
  ): Promise<{ url: string; headers: Record<string, string>; expiresAt: string }>;
  /** The file's bytes, or null while it has not arrived. */
  read(key: { accountId: string; analysisId: string }): Promise<Uint8Array | null>;
  remove(key: { accountId: string; analysisId: string }): Promise<void>;
}

/** What taking an analysis request needs (the API's function): no media is read here. */
export interface AnalysisRequestDeps {
  store: AnalysisStore;
  uploads: Pick<AnalysisUploads, "uploadUrl">;
  /** Starts the analysis workflow (statemachines/analysis.asl.json) for one analysis. */
  startWorkflow(analysisId: string, input: { accountId: string; analysisId: string }): Promise<void>;
  now: () => Date;
}

/** What running one needs (the workflow's task): the scans' fetch, analyser and enrolled people. */
export interface AnalysisRunDeps {
  store: AnalysisStore;
  uploads: Pick<AnalysisUploads, "read" | "remove">;
  /** The scans' SSRF-safe fetch: public addresses only, no redirects to private ones, at most 10 MB. */
  fetchMedia(url: string): Promise<{ contentType: string; bytes: Uint8Array }>;
  /** The same analysis the app makes of what a scan finds. */
  analyser: LikenessAnalyser;
  enrolledPeople(accountId: string): Promise<EnrolledPerson[]>;
  now: () => Date;
}

/** Publishes an event to the account's webhook endpoints (webhooks.ts). */
export type PublishEvent = (
  accountId: string,
  type: "analysis.completed",
  data: Record<string, unknown>,
) => Promise<unknown>;

/** Uploads for analyses are kept under this prefix of the scan-work bucket (its lifecycle expires them in a day). */
export const ANALYSIS_UPLOAD_PREFIX = "analyses/";

/** How long an analysis (its state and result, never the media) is kept. */
const KEPT_DAYS = 30;

/** The workflow retries while the client has not put its file yet; after its retries, the upload is late. */
export class UploadNotArrivedError extends Error {
  override readonly name = "UploadNotArrived";
}

/** Failures that are the media's or its address's, told to the client as they are; others are ours. */
const CLIENT_FAILURES = new Set(["FetchRefusedError", "HttpStatusError", "ResponseTooLargeError", "MediaError"]);

export const UPLOAD_LATE = "The file was not put at the upload URL before it expired";
export const INTERNAL_FAILURE = "The analysis could not be completed because of an error on our side; submit it again";

function view(a: ApiAnalysisRecord): View {
  return {
    id: a.analysisId,
    status: a.state,
    source:
      a.source.kind === "url"
        ? { kind: "url", url: a.source.url }
        : { kind: "upload", contentType: a.source.contentType, size: a.source.bytes },
    createdAt: a.createdAt,
    ...(a.startedAt ? { startedAt: a.startedAt } : {}),
    ...(a.completedAt ? { completedAt: a.completedAt } : {}),
    ...(a.failure ? { failure: a.failure } : {}),
    result: a.result ? AnalysisResult.parse(JSON.parse(a.result)) : null,
  };
}

const reading = (s: MediaAnalysis["syntheticSignals"][number]) => ({
  id: s.id,
  status: s.status as "present" | "absent" | "unknown",
  ...(s.score !== undefined ? { score: s.score } : {}),
  explanation: s.explanation,
  ...(s.operatingPoint ? { operatingPoint: s.operatingPoint } : {}),
});

/**
 * An analysis in the product's terms: the engine's synthetic verdict and signals, the best face and
 * voice match among the organisation's people, the provenance signals, and the threat a scan would
 * record (likenessVerdict, the same rule scans apply).
 */
export function analysisResult(analysis: MediaAnalysis, people: readonly EnrolledPerson[]): Result {
  const engine = analysis.result as {
    media?: Result["media"];
    skipped?: string;
    synthetic?: { status?: Result["synthetic"]["verdict"] };
  };
  const signals = analysis.syntheticSignals.map(reading);
  const provenance = signals.filter((s) => DECLARATION_SIGNALS.has(s.id));
  const verdict = likenessVerdict(analysis, people);
  const match = (modality: "face" | "voice", m: MediaAnalysis["face"]) =>
    m ? [{ personId: m.personId, modality, confidence: m.confidence, enrolment: m.enrolment ?? "verified" }] : [];
  return AnalysisResult.parse({
    media: {
      kind: engine.media?.kind,
      format: engine.media?.format,
      bytes: engine.media?.bytes,
      ...(engine.media?.width !== undefined ? { width: engine.media.width } : {}),
      ...(engine.media?.height !== undefined ? { height: engine.media.height } : {}),
      ...(engine.media?.durationSeconds !== undefined ? { durationSeconds: engine.media.durationSeconds } : {}),
    },
    synthetic: {
      verdict: analysis.syntheticStatus ?? engine.synthetic?.status ?? "unknown",
      score: analysis.syntheticScore,
      ...(analysis.syntheticOperatingPoint ? { operatingPoint: analysis.syntheticOperatingPoint } : {}),
      signals: signals.filter((s) => !DECLARATION_SIGNALS.has(s.id)),
    },
    matches: [...match("face", analysis.face), ...match("voice", analysis.voice)],
    provenance: { declaredSynthetic: provenance.some((s) => s.status === "present"), signals: provenance },
    threat: verdict
      ? {
          type: verdict.threatType,
          severity: verdict.classification.severity,
          title: verdict.title,
          reason: verdict.classification.reason,
        }
      : null,
    ...(engine.skipped ? { note: engine.skipped } : {}),
  });
}

/**
 * Analyses asked for through the public API (docs/public-api.md, "Analyses"): answered at once with
 * 202 and run by the analysis workflow (AnalysisRunner).
 */
export class AnalysisRequests {
  constructor(private readonly deps: AnalysisRequestDeps) {}

  async submit(scope: { accountId: string; keyId: string }, request: z.infer<typeof AnalysisRequest>): Promise<View> {
    const now = this.deps.now();
    const record: ApiAnalysisRecord = {
      accountId: scope.accountId,
      analysisId: `an_${randomUUID().replaceAll("-", "")}`,
      keyId: scope.keyId,
      source:
        "url" in request
          ? { kind: "url", url: request.url }
          : { kind: "upload", contentType: request.upload.contentType, bytes: request.upload.size },
      state: "queued",
      createdAt: now.toISOString(),
      expiresAt: Math.floor(now.getTime() / 1000) + KEPT_DAYS * 86_400,
    };
    const key = { accountId: record.accountId, analysisId: record.analysisId };
    const upload =
      record.source.kind === "upload"
        ? { method: "PUT" as const, ...(await this.deps.uploads.uploadUrl(key, record.source)) }
        : undefined;
    await this.deps.store.put(record);
    await this.deps.startWorkflow(record.analysisId, key);
    return { ...view(record), ...(upload ? { upload } : {}) };
  }

  /** Another organisation's analysis is not found, as none. */
  async get(accountId: string, analysisId: string): Promise<View> {
    const analysis = await this.deps.store.get(accountId, analysisId);
    if (!analysis) throw new DomainError("not-found", "No such analysis in your organisation");
    return view(analysis);
  }
}

/**
 * The analysis workflow's steps that read media or record failure: the scans' own fetch, analyser
 * and enrolled people. They write the analysis alone; tellAnalysisEnded tells the webhooks.
 */
export class AnalysisRunner {
  constructor(private readonly deps: AnalysisRunDeps) {}

  /**
   * The workflow's step: fetch or read the media, analyse it as a scan would, keep the result. A
   * retried step finds an ended analysis and does nothing; an upload not yet put is thrown as
   * UploadNotArrived for the workflow to retry.
   */
  async run(accountId: string, analysisId: string): Promise<{ status: View["status"] }> {
    const analysis = await this.deps.store.get(accountId, analysisId);
    if (!analysis) return { status: "failed" };
    if (analysis.state === "completed" || analysis.state === "failed") return { status: analysis.state };
    const key = { accountId, analysisId };
    let bytes: Uint8Array;
    let contentType: string;
    const url = analysis.source.kind === "url" ? analysis.source.url : `upload:${analysisId}`;
    try {
      if (analysis.source.kind === "url") {
        ({ bytes, contentType } = await this.deps.fetchMedia(analysis.source.url));
      } else {
        const uploaded = await this.deps.uploads.read(key);
        if (!uploaded) throw new UploadNotArrivedError(`No file at the upload URL of ${analysisId} yet`);
        if (uploaded.length > ANALYSIS_MAX_BYTES || uploaded.length !== analysis.source.bytes)
          return this.fail(
            analysis,
            `The file put was ${uploaded.length} bytes, not the ${analysis.source.bytes} the request declared (at most ${ANALYSIS_MAX_BYTES})`,
          );
        bytes = uploaded;
        contentType = analysis.source.contentType;
      }
      await this.deps.store.put({ ...analysis, state: "running", startedAt: this.deps.now().toISOString() });
      const people = await this.deps.enrolledPeople(accountId);
      const found = await this.deps.analyser.analyse({ url, contentType, bytes }, people, {
        mediaSha256: sha256Hex(bytes),
        everySignal: true,
      });
      const ended: ApiAnalysisRecord = {
        ...analysis,
        state: "completed",
        startedAt: analysis.startedAt ?? this.deps.now().toISOString(),
        completedAt: this.deps.now().toISOString(),
        result: JSON.stringify(analysisResult(found, people)),
      };
      await endAnalysis(this.deps, ended);
      return { status: "completed" };
    } catch (error) {
      if (error instanceof Error && CLIENT_FAILURES.has(error.name)) return this.fail(analysis, error.message);
      throw error;
    }
  }

  private fail(analysis: ApiAnalysisRecord, reason: string) {
    return failAnalysis(this.deps, analysis, reason);
  }
}

type EndingDeps = { store: AnalysisStore; uploads: Pick<AnalysisUploads, "remove">; now: () => Date };

/** An analysis ends: its record, and the upload (if any) deleted, as no media is kept. */
async function endAnalysis(deps: EndingDeps, analysis: ApiAnalysisRecord) {
  await deps.store.put(analysis);
  if (analysis.source.kind === "upload")
    await deps.uploads.remove({ accountId: analysis.accountId, analysisId: analysis.analysisId });
}

/** The analysis failed for the reason given (the workflow's Catch too), unless it ended already. */
export async function failAnalysis(
  deps: EndingDeps,
  analysis: ApiAnalysisRecord | { accountId: string; analysisId: string },
  reason: string,
): Promise<{ status: View["status"] }> {
  const current = "state" in analysis ? analysis : await deps.store.get(analysis.accountId, analysis.analysisId);
  if (!current) return { status: "failed" };
  if (current.state === "completed" || current.state === "failed") return { status: current.state };
  await endAnalysis(deps, { ...current, state: "failed", failure: reason, completedAt: deps.now().toISOString() });
  return { status: "failed" };
}

/**
 * The workflow's last step, apart from the one that reads untrusted media (which may write nothing
 * but its analysis): tells the account's webhooks that the analysis ended (analysis.completed, with
 * the analysis as GET /api/v1/analyses/{id} answers it). At least once: a retried step tells again.
 */
export async function tellAnalysisEnded(
  deps: { store: AnalysisStore; publish: PublishEvent },
  accountId: string,
  analysisId: string,
): Promise<{ told: boolean }> {
  const analysis = await deps.store.get(accountId, analysisId);
  if (!analysis || (analysis.state !== "completed" && analysis.state !== "failed")) return { told: false };
  await deps.publish(accountId, "analysis.completed", { ...view(analysis) });
  return { told: true };
}
