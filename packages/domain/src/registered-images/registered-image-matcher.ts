import type { PdqIndexMatch, PdqMatcher } from "./pdq-index.js";
import { PDQ_MATCH_DISTANCE, PDQ_MIN_QUALITY } from "./pdq-rules.js";

/** One picture's, or one video frame's, PDQ hash in each rotation and flip (@lg/detection pdqProbesOf). */
export interface MediaProbe {
  quality: number;
  frameSeconds?: number;
  variants: Record<string, string>;
}

/** A registered hash a found picture or frame matched: which one, how close, and in which orientation. */
export interface RegisteredImageMatch {
  userId: string;
  hashId: string;
  distance: number;
  /** The rotation or flip of the found media that matched ("original" for an unturned copy). */
  variant: string;
  frameSeconds?: number;
}

/**
 * Matches found media against registered intimate-image hashes: every probe of quality 50 or more
 * (a flat frame's hash says nothing, ThreatExchange's own rule) in all eight orientations, at PDQ's
 * distance of 31. Each registered hash is reported once, at its closest probe.
 */
export class RegisteredImageMatcher {
  constructor(private readonly index: PdqMatcher) {}

  /** `within`: one account's hashes only (its own scan); otherwise every account's (the shared crawl). */
  async match(probes: MediaProbe[], within?: { userId: string }): Promise<RegisteredImageMatch[]> {
    const queries: { hex: string; variant: string; frameSeconds?: number }[] = [];
    for (const probe of probes) {
      if (probe.quality < PDQ_MIN_QUALITY) continue;
      for (const [variant, hex] of Object.entries(probe.variants)) {
        queries.push({
          hex,
          variant,
          ...(probe.frameSeconds === undefined ? {} : { frameSeconds: probe.frameSeconds }),
        });
      }
    }
    if (queries.length === 0) return [];
    const hexes = queries.map((q) => q.hex);
    const found = within
      ? await this.index.matchWithin(within.userId, hexes, PDQ_MATCH_DISTANCE)
      : await this.index.match(hexes, PDQ_MATCH_DISTANCE);
    return closestPerHash(found).map((m) => {
      const query = queries[m.probe] as (typeof queries)[number];
      return {
        userId: m.userId,
        hashId: m.hashId,
        distance: m.distance,
        variant: query.variant,
        ...(query.frameSeconds === undefined ? {} : { frameSeconds: query.frameSeconds }),
      };
    });
  }
}

function closestPerHash(found: PdqIndexMatch[]): PdqIndexMatch[] {
  const best = new Map<string, PdqIndexMatch>();
  for (const match of found) {
    const key = `${match.userId}\u0000${match.hashId}`;
    const known = best.get(key);
    if (!known || match.distance < known.distance) best.set(key, match);
  }
  return [...best.values()].sort((a, b) => a.distance - b.distance);
}
