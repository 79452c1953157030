/**
 * How a threat sorts in the table's indexes: the composites the Threat entity derives for its index
 * templates (table/entities/threat.ts), and that the listing's key ranges are built from, so a
 * query can never disagree with what was written.
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

/** A severity's sort rank (critical highest); a name that is no severity is written as it is (docs' placeholders). */
export const severityRank = (severity: SeverityName) => SEVERITY_RANK[severity] ?? severity;

export type ThreatGroupKind = "media" | "account";

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
