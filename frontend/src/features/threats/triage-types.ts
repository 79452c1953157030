import type {
  ConfidenceBand,
  GroupKind,
  SyntheticVerdict,
  ThreatSort,
  ThreatStatus,
  ThreatType,
} from "@lg/domain/threats/web-contract";

/**
 * The triage API's shapes (docs/threats-api.md): paged, filtered and grouped lists, the actions a
 * status allows, a threat's history and what of its evidence can be seen or heard. The answers'
 * types come from the web contract (packages/domain/src/threats/web-contract.ts); the filters are
 * the list screen's own state.
 */

export type {
  AuditEntry,
  BulkActionResult,
  ConfidenceBand,
  GroupKind,
  SyntheticVerdict,
  ThreatAction,
  ThreatDetails,
  ThreatGroup,
  ThreatListItem,
  ThreatMediaFacts,
  ThreatPage,
  ThreatSort,
  ThreatStatus,
} from "@lg/domain/threats/web-contract";

export interface ThreatFilters {
  status?: ThreatStatus;
  type?: ThreatType;
  platform?: string;
  confidence?: ConfidenceBand;
  synthetic?: SyntheticVerdict;
  person?: string;
  q?: string;
  sort: ThreatSort;
  groupBy?: GroupKind;
}

export const DEFAULT_FILTERS: ThreatFilters = { sort: "newest" };
