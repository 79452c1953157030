import { DomainError, invalid } from "../errors.js";
import { disputeSyntheticLabel } from "./label-dispute.js";
import { type StatusAction, statusAfter, type TriageAction } from "./threat-actions.js";
import { normaliseSearchText, type ThreatGroupKind } from "./threat-keys.js";
import {
  checkGroupedParams,
  decodeCursor,
  encodeCursor,
  queryFingerprint,
  type ResumeKey,
  type ThreatFilters,
  type ThreatListParams,
} from "./threat-list-query.js";
import type { ListedThreat, ThreatCountersRecord, ThreatGroupRecord, ThreatListing } from "./threat-listing-ports.js";
import type { ThreatRecord, ThreatRepository } from "./threat-ports.js";
import { changeThreatStatus, type ThreatChangeEvents } from "./threat-status.js";
import { threatListItem } from "./threat-view.js";

/** Members shown with each group; `count` says how many there are in all. */
export const GROUP_MEMBER_IDS_SHOWN = 10;
/** Threats one bulk request may change (ids plus every member of its groups). */
export const MAX_THREATS_PER_ACTION = 1000;
const CHANGES_IN_FLIGHT = 8;

export interface ActionRequest {
  /** Who acts (the audit names them); the account is the one the threats belong to. */
  actorId: string;
  action: TriageAction;
  threatIds: string[];
  groups: { kind: ThreatGroupKind; key: string }[];
}

const STATUS_COUNT = {
  active: "n_active",
  false_positive: "n_false_positive",
  dismissed: "n_dismissed",
  takedown_requested: "n_takedown_requested",
  removed: "n_removed",
} as const satisfies Record<ThreatRecord["status"], keyof ThreatCountersRecord & keyof ThreatGroupRecord>;

const statusCounts = (counts: Pick<ThreatGroupRecord, (typeof STATUS_COUNT)[keyof typeof STATUS_COUNT]>) =>
  Object.fromEntries(
    Object.entries(STATUS_COUNT)
      .map(([status, attribute]) => [status, counts[attribute]] as const)
      .filter(([, n]) => n > 0),
  );

/** The distinct accounts (handle and platform) among a group's members, in the members' order. */
function postersOf(members: ListedThreat[]) {
  const seen = new Map<string, { account: string; platform: string }>();
  for (const t of members) {
    const key = `${t.platform}:${(t.account ?? "").toLowerCase()}`;
    if (t.account && !seen.has(key)) seen.set(key, { account: t.account, platform: t.platform });
  }
  return [...seen.values()];
}

/** The list, its groups and the person's triage actions (docs/threats-api.md). */
export class ThreatTriage {
  constructor(
    private readonly deps: {
      listing: ThreatListing;
      threats: ThreatRepository;
      now?: () => string;
      /** Tells the account's webhooks each threat a triage action changed (threat.updated); must not throw. */
      events?: ThreatChangeEvents;
    },
  ) {}

  async list(userId: string, params: ThreatListParams) {
    const groupKind = checkGroupedParams(params);
    const fingerprint = queryFingerprint(params);
    const resumeKey = params.cursor ? decodeCursor(params.cursor, fingerprint) : undefined;
    const source = groupKind ?? params.sort;
    if (resumeKey && !this.deps.listing.ownsResumeKey(userId, source, resumeKey))
      throw invalid("This cursor is not valid; start again from the first page");
    const nextCursor = (key: ResumeKey | undefined) => (key ? encodeCursor(fingerprint, key) : null);
    const filters = filtersOf(params);
    if (groupKind) {
      const page = await this.deps.listing.groupPage({
        userId,
        kind: groupKind,
        filters,
        limit: params.limit,
        ...(resumeKey ? { resumeKey } : {}),
      });
      return { groups: await this.groupViews(userId, page.items), nextCursor: nextCursor(page.resumeKey) };
    }
    const [page, total] = await Promise.all([
      this.deps.listing.page({
        userId,
        order: params.sort,
        filters,
        limit: params.limit,
        ...(resumeKey ? { resumeKey } : {}),
      }),
      this.total(userId, params),
    ]);
    return {
      items: page.items.map(threatListItem),
      nextCursor: nextCursor(page.resumeKey),
      ...(total === undefined ? {} : { total }),
    };
  }

  /** Exact without reading the list: everything, or only a status filter (from the counters). */
  private async total(userId: string, params: ThreatListParams): Promise<number | undefined> {
    const { type, platform, confidence, synthetic, person, q } = params;
    if ([type, platform, confidence, synthetic, person, q].some((v) => v !== undefined)) return undefined;
    const counters = await this.deps.listing.counters(userId);
    if (!params.status) return counters.total;
    return params.status.reduce((sum, status) => sum + counters[STATUS_COUNT[status]], 0);
  }

  /** Each group with its newest members (one read per group: the newest is the representative). */
  private async groupViews(userId: string, groups: ThreatGroupRecord[]) {
    const members = await Promise.all(
      groups.map((g) => this.deps.listing.latestGroupMembers(userId, g.kind, g.key, GROUP_MEMBER_IDS_SHOWN)),
    );
    return groups.map((g, i) => {
      const newest = members[i] ?? [];
      const representative = newest[0];
      const posters = g.kind === "account" ? postersOf(newest) : [];
      return {
        kind: g.kind,
        key: g.key,
        // One poster's accounts on several platforms: each is named (the stored label is the first one's).
        label: posters.length > 1 ? posters.map((p) => `${p.account} on ${p.platform}`).join(", ") : (g.label ?? g.key),
        ...(g.kind === "account" ? { platforms: [...new Set(posters.map((p) => p.platform))] } : {}),
        count: g.count,
        statusCounts: statusCounts(g),
        memberIds: newest.map((t) => t.id),
        latestAt: g.latestAt,
        ...(representative ? { representative: threatListItem(representative) } : {}),
      };
    });
  }

  /**
   * Applies one triage action to the listed threats and every member of the listed groups. Each
   * threat changes on its own (audited, as part of a bulk action); one whose status does not allow
   * the action is left as it is and reported.
   */
  async act(userId: string, request: ActionRequest) {
    if (request.threatIds.length === 0 && request.groups.length === 0)
      throw invalid("Name at least one threat or group");
    const ids = new Set(request.threatIds);
    for (const group of request.groups) {
      for (const id of await this.deps.listing.groupMemberIds(userId, group.kind, group.key)) ids.add(id);
      if (ids.size > MAX_THREATS_PER_ACTION)
        throw invalid(`At most ${MAX_THREATS_PER_ACTION} threats can change in one request`);
    }
    const found = new Map((await this.deps.listing.getMany(userId, [...ids])).map((t) => [t.id, t]));
    if (found.size === 0) throw new DomainError("not-found", "None of these threats were found");
    const changed: ThreatRecord[] = [];
    const skipped: { id: string; status?: ThreatRecord["status"]; reason: string }[] = [];
    const one = async (id: string) => {
      const threat = found.get(id);
      if (!threat) {
        // Another account's id and an unknown id read the same.
        skipped.push({ id, reason: "not found" });
        return;
      }
      try {
        changed.push(await this.apply(userId, request.actorId, threat, request.action, true));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        skipped.push({ id, status: threat.status, reason: error.message });
      }
    };
    // A few at a time: a large group changes in seconds, without flooding the table.
    const queue = [...ids];
    await Promise.all(
      Array.from({ length: CHANGES_IN_FLIGHT }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) await one(id);
      }),
    );
    // Reported in the order asked, whatever order they finished in.
    const asked = new Map([...ids].map((id, i) => [id, i]));
    const byAsked = (a: { id: string }, b: { id: string }) => (asked.get(a.id) ?? 0) - (asked.get(b.id) ?? 0);
    changed.sort(byAsked);
    skipped.sort(byAsked);
    const outcome = {
      action: request.action,
      changed: changed.map((t) => t.id),
      skipped,
      items: changed.map(threatListItem),
    };
    if (changed.length === 0) throw new BulkActionRefused(outcome);
    return outcome;
  }

  /** One threat's action; 404 for another account's, 409 when its status does not allow it. */
  async actOne(userId: string, actorId: string, threatId: string, action: TriageAction) {
    const threat = await this.deps.threats.get(userId, threatId);
    if (!threat) throw new DomainError("not-found", "Threat not found");
    return this.apply(userId, actorId, threat, action, false);
  }

  private apply(userId: string, actorId: string, threat: ThreatRecord, action: TriageAction, bulk: boolean) {
    if (action === "dispute_label")
      return disputeSyntheticLabel(
        this.deps.threats,
        { userId, actorId, threat, ...(bulk ? { bulk } : {}) },
        this.deps.now,
      );
    const to = statusAfter(threat, action);
    if (!to) throw new DomainError("conflict", refusal(threat.status, action));
    return changeThreatStatus(
      this.deps.threats,
      { userId, actorId, threatId: threat.id, to, actor: "user", reason: action, ...(bulk ? { bulk } : {}) },
      this.deps.now,
      this.deps.events,
    );
  }
}

const refusal = (status: ThreatRecord["status"], action: StatusAction) =>
  action === "undo"
    ? `A threat that is ${status} has nothing to undo`
    : `A threat that is ${status} cannot be marked ${action === "dismiss" ? "dismissed" : action}`;

/** No threat of a bulk action could change: a 409 that still says, per threat, why. */
export class BulkActionRefused extends DomainError {
  constructor(
    readonly outcome: { action: TriageAction; changed: string[]; skipped: { id: string; reason: string }[] },
  ) {
    super("conflict", "None of these threats can take this action in their current status");
  }
}

function filtersOf(params: ThreatListParams): ThreatFilters {
  return {
    ...(params.status ? { statuses: params.status } : {}),
    ...(params.type ? { types: params.type } : {}),
    ...(params.platform ? { platforms: params.platform } : {}),
    ...(params.confidence ? { band: params.confidence } : {}),
    ...(params.synthetic ? { synthetic: params.synthetic } : {}),
    ...(params.person ? { personId: params.person } : {}),
    ...(params.q ? { text: normaliseSearchText(params.q) } : {}),
  };
}
