import { type ReactNode, useEffect, useState } from "react";

/** A phone in portrait: below this a page lays out in one column (styles.css) and long lists get very tall. */
export const PHONE_QUERY = "(max-width: 560px)";
/** Rows a long list shows on a phone until the person asks for the rest. */
export const PHONE_ROWS = 5;

function useMatches(query: string): boolean {
  const media = () => (typeof window.matchMedia === "function" ? window.matchMedia(query) : null);
  const [matches, setMatches] = useState(() => media()?.matches ?? false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one query for the component's life
  useEffect(() => {
    const list = media();
    if (!list) return;
    const changed = () => setMatches(list.matches);
    list.addEventListener("change", changed);
    return () => list.removeEventListener("change", changed);
  }, [query]);
  return matches;
}

/**
 * A long list on a phone shows its first rows and a button for the rest, so a dashboard of 25
 * threats is not a 9,800 px scroll (issue 36 item 19); on wider screens every row shows at once.
 */
export function usePhoneCollapse(
  count: number,
  noun: string,
): { visible: number; allShown: boolean; toggle: ReactNode } {
  const phone = useMatches(PHONE_QUERY);
  const [expanded, setExpanded] = useState(false);
  if (!phone || count <= PHONE_ROWS) return { visible: count, allShown: true, toggle: null };
  const toggle = (
    <button
      type="button"
      className="btn btn-secondary btn-block"
      aria-expanded={expanded}
      onClick={() => setExpanded((e) => !e)}
    >
      {expanded ? `Show the first ${PHONE_ROWS} ${noun} only` : `Show all ${count} ${noun}`}
    </button>
  );
  return { visible: expanded ? count : PHONE_ROWS, allShown: expanded, toggle };
}
