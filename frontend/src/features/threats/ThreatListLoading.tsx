import "./threats.css";

/** Rows held while the list loads: about what three threats take on a phone. */
const HELD_ROWS = 3;

/**
 * The threat list while it loads: the space of a few rows, each with its picture's square, so the
 * page below does not jump when the threats arrive (the dashboard's layout shift in bench:web).
 */
export function ThreatListLoading() {
  return (
    <ul className="threat-list" aria-busy="true">
      {Array.from({ length: HELD_ROWS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
        <li key={i} className="threat-skeleton">
          <span className="thumb thumb-loading" aria-hidden="true" />
          {i === 0 ? <span role="status">Loading threats...</span> : null}
        </li>
      ))}
    </ul>
  );
}
