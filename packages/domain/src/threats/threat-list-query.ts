import { createHash } from "node:crypto";
import { z } from "zod";
import { invalid } from "../errors.js";
import { SyntheticVerdict, ThreatStatus, ThreatType } from "../table/entities.js";
import type { ThreatGroupKind } from "./threat-keys.js";
import type { ThreatRecord } from "./threat-ports.js";
import { ConfidenceBand as ConfidenceBandSchema, ThreatSort } from "./web-contract.js";

export const THREAT_ORDERS = ThreatSort.options;
export type ThreatOrder = (typeof THREAT_ORDERS)[number];

/** Confidence bands as the list offers them: [min, max) in percent. */
export const CONFIDENCE_BANDS = {
  high: { min: 90, max: Number.POSITIVE_INFINITY },
  medium: { min: 70, max: 90 },
  low: { min: 0, max: 70 },
} as const satisfies Record<z.infer<typeof ConfidenceBandSchema>, { min: number; max: number }>;
export type ConfidenceBand = keyof typeof CONFIDENCE_BANDS;

const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .string()
    .max(1000)
    .transform((value) => value.split(",").map((v) => v.trim()))
    .pipe(z.array(item).min(1).max(max));

/** GET /api/threats query parameters (docs/threats-api.md); anything else is refused. */
export const ThreatListParams = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(25),
    cursor: z.string().min(1).max(2048).optional(),
    sort: z.enum(THREAT_ORDERS).default("newest"),
    status: commaList(ThreatStatus, 5).optional(),
    type: commaList(ThreatType, 5).optional(),
    platform: commaList(
      z
        .string()
        .min(1)
        .max(64)
        .regex(/^[a-z0-9_.-]+$/),
      20,
    ).optional(),
    confidence: ConfidenceBandSchema.optional(),
    synthetic: SyntheticVerdict.optional(),
    person: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9._:~-]+$/)
      .optional(),
    q: z.string().trim().min(2).max(100).optional(),
    groupBy: z.enum(["media", "account"]).optional(),
  })
  .strict();
export type ThreatListParams = z.infer<typeof ThreatListParams>;

export interface ThreatFilters {
  statuses?: ThreatRecord["status"][];
  types?: ThreatRecord["threatType"][];
  platforms?: string[];
  band?: ConfidenceBand;
  synthetic?: z.infer<typeof SyntheticVerdict>;
  personId?: string;
  /** Already normalised (threat-keys.normaliseSearchText). */
  text?: string;
}

/** Filters that the grouped list cannot apply: a group's members differ in them. */
export const FILTERS_NOT_FOR_GROUPS = ["type", "confidence", "synthetic", "person"] as const;

export function checkGroupedParams(params: ThreatListParams): ThreatGroupKind | undefined {
  if (!params.groupBy) return undefined;
  const refused = FILTERS_NOT_FOR_GROUPS.filter((name) => params[name] !== undefined);
  if (refused.length > 0)
    throw invalid(`Grouped lists filter only by status, platform and text; not by ${refused.join(", ")}`);
  if (params.sort !== "newest") throw invalid("Grouped lists are sorted by their latest threat only");
  return params.groupBy;
}

/** A key DynamoDB can resume a query from: strings only (every key attribute of the table is one). */
export type ResumeKey = Record<string, string>;

/**
 * What a cursor binds to: the same filters, sort and grouping. A cursor replayed with other
 * parameters would resume a different query at a meaningless position, so it is refused.
 */
export function queryFingerprint(params: ThreatListParams): string {
  const { cursor: _cursor, limit: _limit, ...rest } = params;
  const canonical = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${Array.isArray(value) ? [...value].sort().join(",") : String(value)}`)
    .join("&");
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 16);
}

const CursorShape = z.object({
  v: z.literal(1),
  f: z.string(),
  k: z.record(z.string(), z.string().max(1024)),
});

export function encodeCursor(fingerprint: string, key: ResumeKey): string {
  return Buffer.from(JSON.stringify({ v: 1, f: fingerprint, k: key })).toString("base64url");
}

/** The resume key inside a cursor, refused (400) when malformed or made for another query. */
export function decodeCursor(cursor: string, fingerprint: string): ResumeKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid("This cursor is not valid; start again from the first page");
  }
  const parsed = CursorShape.safeParse(decoded);
  if (!parsed.success) throw invalid("This cursor is not valid; start again from the first page");
  if (parsed.data.f !== fingerprint)
    throw invalid("This cursor belongs to a list with other filters or sort; start again from the first page");
  return parsed.data.k;
}
