import { severityFor } from "../threats/severity-policy.js";
import { titleFor } from "../threats/threat-titles.js";
import type { Verdict } from "./likeness-verdict.js";

/**
 * A post whose account imitates the person's name ("@realbarackobama_", "@barack_obarna"), showing
 * their genuine likeness: the account poses as them, so it is impersonation, not only a re-use of
 * their likeness (issue 36 item 11). Synthetic or intimate media keeps its stronger type (the
 * account is still named in its classification), and the likeness it rests on stays the face or
 * voice that matched.
 */
export function impersonatingPost(
  verdict: Verdict,
  poster: { handle: string; matchedName: string },
  whose: string,
): Verdict {
  const { classification } = verdict;
  const likeness = { ...classification.likeness, nameMatch: poster.matchedName, handle: poster.handle };
  if (verdict.threatType !== "likeness_misuse") return { ...verdict, classification: { ...classification, likeness } };
  const posing = `Posted by @${poster.handle}, an account going by a name like "${poster.matchedName}": it poses as you. `;
  return {
    ...verdict,
    threatType: "impersonation",
    title: titleFor("impersonation", likeness.modality, whose, poster.handle),
    classification: {
      ...classification,
      type: "impersonation",
      severity: severityFor("impersonation", verdict.confidence, classification.synthetic),
      reason: `${posing}${classification.reason}`,
      likeness,
    },
  };
}
