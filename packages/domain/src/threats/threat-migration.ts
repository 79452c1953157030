import { SELF_PERSON_ID } from "../records.js";
import { reclassifyStoredThreat } from "./stored-classification.js";
import { lacksListingFields } from "./threat-listing-fields.js";
import type { ThreatRecord } from "./threat-ports.js";

/** Where the migration reads every stored threat and writes one back only if nobody changed it meanwhile. */
export interface StoredThreats {
  all(): AsyncIterable<ThreatRecord>;
  /** Writes `next` unless the stored threat's updatedAt is no longer `previousUpdatedAt`; returns whether it wrote. */
  replaceIfUnchanged(next: ThreatRecord, previousUpdatedAt: string): Promise<boolean>;
  /** A protected person's display name, for titles; the account holder is "you". */
  personName(userId: string, personId: string): Promise<string | undefined>;
}

export interface MigrationRun {
  examined: number;
  migrated: number;
  /** Changed by a scan or the person while migrating: left for the next run. */
  skipped: number;
}

/**
 * Re-derives type, title, severity and classification of every stored threat from its own stored
 * detection data (threats recorded before evidence-based classification called every face match a
 * deepfake), and gives threats stored before the paged list its listing fields, index keys and
 * groups. Idempotent: a threat already in line is not written.
 */
export async function migrateThreatClassification(store: StoredThreats, now: () => string): Promise<MigrationRun> {
  const run: MigrationRun = { examined: 0, migrated: 0, skipped: 0 };
  for await (const threat of store.all()) {
    run.examined += 1;
    const whose =
      threat.personId === SELF_PERSON_ID ? "you" : ((await store.personName(threat.userId, threat.personId)) ?? "you");
    // Threats stored before the list's keys existed are rewritten too, which gives them those keys.
    const next = reclassifyStoredThreat(threat, whose) ?? (lacksListingFields(threat) ? threat : null);
    if (!next) continue;
    if (await store.replaceIfUnchanged({ ...next, updatedAt: now() }, threat.updatedAt)) run.migrated += 1;
    else run.skipped += 1;
  }
  return run;
}
