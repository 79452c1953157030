import type { DiscoveryQuery } from "./connector.js";

/** Free-text terms to search for: names, aliases and handles, deduplicated case-insensitively. */
export function searchTerms(query: DiscoveryQuery): string[] {
  return unique([...query.names, ...query.aliases, ...query.handles.map(stripAt)]);
}

export function hashtags(query: DiscoveryQuery): string[] {
  return unique(query.hashtags.map((h) => h.replace(/^#/, "")));
}

/** The query terms a text mentions; a term matches when all its words occur. */
export function matchedTerms(text: string, query: DiscoveryQuery): string[] {
  const haystack = normalise(text);
  const hits = searchTerms(query).filter((term) =>
    normalise(term)
      .split(" ")
      .every((word) => haystack.includes(word)),
  );
  for (const tag of hashtags(query)) if (haystack.includes(`#${tag.toLowerCase()}`)) hits.push(`#${tag}`);
  return hits;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

function stripAt(handle: string): string {
  return handle.replace(/^@/, "");
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
