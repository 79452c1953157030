/**
 * How a threat sorts and groups in the table's indexes. The entity definition (table/entities.ts)
 * builds its index keys from these, and the listing queries build their key conditions from the
 * same functions, so a query can never disagree with what was written.
 */

export const SEVERITY_RANK = { critical: 4, high: 3, medium: 2, low: 1 } as const;
export type SeverityName = keyof typeof SEVERITY_RANK;

/**
 * Confidence 0..100 with one decimal, as four digits: string order is numeric order. (A value that is
 * no number is written as it is: only docs/data-model.md's placeholders are.)
 */
export const confidenceKey = (confidence: number) =>
  Number.isFinite(confidence)
    ? String(Math.round(Math.min(100, Math.max(0, confidence)) * 10)).padStart(4, "0")
    : String(confidence);

/** Every sort of one account's threats lives in one index partition per order. */
export const threatListPartition = (userId: string) => `USER#${userId}#THREATS`;

export const newestSortKey = (t: { createdAt: string; id: string }) => `${t.createdAt}#${t.id}`;

export const confidenceSortKey = (t: { confidence: number; createdAt: string; id: string }) =>
  `${confidenceKey(t.confidence)}#${t.createdAt}#${t.id}`;

export const severitySortKey = (t: { severity: SeverityName; confidence: number; createdAt: string; id: string }) =>
  `${SEVERITY_RANK[t.severity] ?? t.severity}#${confidenceKey(t.confidence)}#${t.createdAt}#${t.id}`;

export type ThreatGroupKind = "media" | "account";

/** The partition holding one group's members, newest first by `newestSortKey`. */
export const groupMemberPartition = (userId: string, kind: ThreatGroupKind, key: string) =>
  `USER#${userId}#GROUP#${kind}#${key}`;

/** The partition listing an account's groups of one kind, latest activity first. */
export const groupListPartition = (userId: string, kind: ThreatGroupKind) => `USER#${userId}#TGROUPS#${kind}`;

/** An account group: one poster on one platform (handles compare case-insensitively). */
export const accountGroupKey = (platform: string, account: string) =>
  `${platform.toLowerCase()}:${account.trim().replace(/^@/, "").toLowerCase()}`;

/**
 * What text search reads: title, URL and account, lower-cased with accents and punctuation runs
 * folded, so "Beyoncé" finds "beyonce" and a search for a handle finds it in a URL.
 */
export function normaliseSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}
