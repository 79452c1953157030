import { normaliseSearchText } from "./threat-keys.js";
import type { ThreatRecord } from "./threat-ports.js";

/**
 * The plain attributes the list filters, sorts and searches on, copied from the threat's evidence
 * whenever it is written: the severity and synthetic verdict of its classification, the search text
 * of its title, URL and account, and its media group (its own media unless the recorder put it in
 * an earlier threat's group).
 */
export function withListingFields(threat: ThreatRecord): ThreatRecord {
  const { classification } = threat;
  return {
    ...threat,
    severity: classification.severity,
    syntheticVerdict: classification.synthetic.status,
    ...(classification.likeness.limitedBy?.length ? { matchLimitedBy: classification.likeness.limitedBy } : {}),
    mediaGroup: threat.mediaGroup ?? threat.mediaSha256,
    searchText: normaliseSearchText([threat.title ?? "", threat.url, threat.account ?? ""].join(" ")),
  };
}

/** True when a stored threat predates the listing fields (the migration rewrites it). */
export const lacksListingFields = (threat: Pick<ThreatRecord, "severity" | "searchText" | "mediaGroup">) =>
  threat.severity === undefined || threat.searchText === undefined || threat.mediaGroup === undefined;
