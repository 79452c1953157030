/**
 * Impersonation by name: a profile whose handle or display name is a variant of the person's
 * (look-alike characters folded, then a small edit distance). A name match alone is weak;
 * the scan only raises an impersonation threat when the profile's avatar is also the person's face.
 */

// Characters people substitute to dodge exact-name filters, folded to what they imitate.
const CONFUSABLES: Record<string, string> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "|": "l",
  "!": "i",
  і: "i",
  і̇: "i",
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  ԁ: "d",
  ɡ: "g",
  ı: "i",
  ℓ: "l",
};

/** Lower-case, strip accents and separators, fold look-alikes; "rn" imitates "m". */
export function skeleton(name: string): string {
  const folded = [...name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()]
    .map((ch) => CONFUSABLES[ch] ?? ch)
    .join("")
    .replace(/[^a-z0-9]/g, "")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w")
    .replace(/l/g, "i");
  return folded;
}

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const curr = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      curr[j] = Math.min((prev[j] ?? 0) + 1, (curr[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = curr;
  }
  return prev[b.length] ?? Math.max(a.length, b.length);
}

export interface NameVariantMatch {
  candidate: string;
  matchedName: string;
  distance: number;
  reason: "exact" | "look-alike" | "edit-distance";
}

/** Allowed edits grow with length: short names need an exact skeleton match. */
const maxEditsFor = (length: number) => (length < 5 ? 0 : length < 9 ? 1 : 2);

/**
 * Words impersonators wrap a name in to look like the person's own account ("realbarackobama_",
 * "barackobamaofficial", "the_barack_obama"), as skeletons (so "0fficial" is one too). A candidate
 * counts only when what is left once they are removed is the protected name itself.
 */
const POSING_AFFIXES = ["official", "real", "the", "iam", "its", "verified", "hq"].map(skeleton);

/** The skeleton with posing words removed from either end, as often as they repeat. */
function withoutPosingAffixes(candidate: string): string {
  let rest = candidate;
  for (let changed = true; changed; ) {
    changed = false;
    for (const affix of POSING_AFFIXES) {
      if (rest.length <= affix.length) continue;
      if (rest.startsWith(affix)) rest = rest.slice(affix.length);
      else if (rest.endsWith(affix)) rest = rest.slice(0, -affix.length);
      else continue;
      changed = true;
    }
  }
  return rest;
}

export function nameVariantOf(candidate: string, protectedNames: string[]): NameVariantMatch | null {
  const c = skeleton(candidate);
  if (c.length < 3) return null;
  let best: NameVariantMatch | null = null;
  for (const name of protectedNames) {
    const n = skeleton(name);
    if (n.length < 3) continue;
    const distance = withoutPosingAffixes(c) === n ? 0 : editDistance(c, n);
    if (distance > maxEditsFor(n.length)) continue;
    const reason =
      candidate.toLowerCase() === name.toLowerCase() ? "exact" : distance === 0 ? "look-alike" : "edit-distance";
    if (!best || distance < best.distance) best = { candidate, matchedName: name, distance, reason };
  }
  return best;
}

/** Names to protect: full name, aliases and handles, each also without spaces. */
export function protectedNamesOf(person: { displayName: string; aliases: string[]; handles: string[] }): string[] {
  const names = [person.displayName, ...person.aliases, ...person.handles].filter((n) => n.trim().length > 0);
  return [...new Set(names.flatMap((n) => [n, n.replace(/\s+/g, "")]))];
}
