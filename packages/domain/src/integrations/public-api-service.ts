import type { z } from "zod";
import { DomainError } from "../errors.js";
import type { PersonView } from "../people/people-service.js";
import type { NoticeDraft, SendOutcome } from "../takedowns/notice-service.js";
import type { TakedownSummary } from "../takedowns/takedown-centre.js";
import type { ThreatListParams } from "../threats/threat-list-query.js";
import type { ThreatRecord } from "../threats/threat-ports.js";
import { threatListItem } from "../threats/threat-view.js";
import type { EvidenceMedia } from "./evidence-media.js";
import type {
  PeopleList,
  PublicTakedown,
  PublicThreat,
  TakedownListQuery,
  TakedownOutcome,
  TakedownRequest,
  ThreatList,
  ThreatListQuery,
} from "./public-api-contract.js";

/** The services of the app the public API reads through: the same rules, the same tenant checks. */
export interface PublicApiPorts {
  listThreatIds(accountId: string, params: ThreatListParams): Promise<{ ids: string[]; nextCursor: string | null }>;
  getThreats(accountId: string, ids: string[]): Promise<ThreatRecord[]>;
  getThreat(accountId: string, id: string): Promise<ThreatRecord | null>;
  prepareNotice(accountId: string, threatId: string, claimCopyright?: { sampleId: string }): Promise<NoticeDraft>;
  sendNotice(
    accountId: string,
    threatId: string,
    confirmations: string[],
    claimCopyright?: { sampleId: string },
  ): Promise<SendOutcome>;
  listTakedowns(
    accountId: string,
    query: z.infer<typeof TakedownListQuery>,
  ): Promise<{ items: TakedownSummary[]; nextCursor?: string }>;
  getTakedown(accountId: string, id: string): Promise<TakedownSummary>;
  listPeople(accountId: string): Promise<PersonView[]>;
  /** The threat's captured media as a short-lived link (evidence-media.ts). */
  evidenceMedia(threat: ThreatRecord): Promise<EvidenceMedia>;
}

/** A threat as the API shows it: the app's own list row (threat-view.ts), in the contract's names. */
export function publicThreat(t: ThreatRecord): z.infer<typeof PublicThreat> {
  const row = threatListItem(t);
  return {
    id: row.id,
    type: row.threatType,
    status: row.status,
    confidence: row.confidence,
    severity: row.severity,
    synthetic: row.synthetic,
    platform: row.platform,
    url: row.url,
    personId: row.personId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    evidence: t.evidenceData
      ? { sha256: t.evidenceData.hash, ...(t.evidenceData.capturedAt ? { capturedAt: t.evidenceData.capturedAt } : {}) }
      : {},
    takedown: row.takedown ? { id: row.takedown.noticeId, state: row.takedown.state } : null,
  };
}

export function publicTakedown(n: TakedownSummary): z.infer<typeof PublicTakedown> {
  return {
    id: n.id,
    threatId: n.threatId,
    route: n.basis.route,
    state: n.state,
    recipient: n.recipient,
    channel: n.channel,
    ...(n.platform ? { platform: n.platform } : {}),
    ...(n.contentUrl ? { contentUrl: n.contentUrl } : {}),
    automatic: n.automatic,
    createdAt: n.createdAt,
    ...(n.sentAt ? { sentAt: n.sentAt } : {}),
    ...(n.removedAt ? { removedAt: n.removedAt } : {}),
    ...(n.closedAt ? { closedAt: n.closedAt } : {}),
  };
}

const threatNotFound = () => new DomainError("not-found", "No such threat in your organisation");

/** The public API's operations over the app's own services (docs/public-api.md). */
export class PublicApiService {
  constructor(private readonly ports: PublicApiPorts) {}

  async listThreats(accountId: string, query: z.infer<typeof ThreatListQuery>): Promise<z.infer<typeof ThreatList>> {
    const page = await this.ports.listThreatIds(accountId, {
      limit: query.limit,
      sort: "newest",
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.status ? { status: [query.status] } : {}),
      ...(query.type ? { type: [query.type] } : {}),
      ...(query.person ? { person: query.person } : {}),
    });
    const byId = new Map((await this.ports.getThreats(accountId, page.ids)).map((t) => [t.id, t]));
    const threats = page.ids.map((id) => byId.get(id)).filter((t): t is ThreatRecord => t !== undefined);
    // Newest first: the first threat older than `since` ends the list.
    const kept = query.since
      ? threats.filter((t) => t.createdAt >= new Date(query.since as string).toISOString())
      : threats;
    return {
      data: kept.map(publicThreat),
      nextCursor: kept.length < threats.length ? null : page.nextCursor,
    };
  }

  /** One threat with its media: read for the key's own organisation, so the link is to its own evidence. */
  async getThreat(accountId: string, id: string) {
    const threat = await this.ports.getThreat(accountId, id);
    if (!threat) throw threatNotFound();
    const shown = publicThreat(threat);
    const linked = await this.ports.evidenceMedia(threat);
    return {
      ...shown,
      evidence: {
        ...shown.evidence,
        media: linked.media,
        ...("withheld" in linked ? { mediaWithheld: linked.withheld } : {}),
      },
    };
  }

  async takedown(
    accountId: string,
    threatId: string,
    request: z.infer<typeof TakedownRequest>,
  ): Promise<z.infer<typeof TakedownOutcome>> {
    if (!(await this.ports.getThreat(accountId, threatId))) throw threatNotFound();
    if (request.action === "prepare") {
      const draft = await this.ports.prepareNotice(accountId, threatId, request.claimCopyright);
      return {
        action: "prepare",
        threatId,
        route: draft.route,
        reason: draft.basis.reason,
        recipient: draft.recipient,
        channel: draft.channel.kind,
        requiresConfirmation: draft.requiresConfirmation,
        text: draft.requestContent,
      };
    }
    const outcome = await this.ports.sendNotice(accountId, threatId, request.confirmations, request.claimCopyright);
    return {
      action: "send",
      threatId,
      takedownId: outcome.noticeId,
      state: outcome.state,
      route: outcome.route,
      recipient: outcome.recipient,
      ...(outcome.state === "filing_needed" ? { formUrl: outcome.formUrl } : {}),
    };
  }

  async listTakedowns(accountId: string, query: z.infer<typeof TakedownListQuery>) {
    const page = await this.ports.listTakedowns(accountId, query);
    return { data: page.items.map(publicTakedown), nextCursor: page.nextCursor ?? null };
  }

  async getTakedown(accountId: string, id: string) {
    return publicTakedown(await this.ports.getTakedown(accountId, id));
  }

  async listPeople(accountId: string): Promise<z.infer<typeof PeopleList>> {
    const people = await this.ports.listPeople(accountId);
    return {
      data: people.map((p) => ({
        id: p.personId,
        displayName: p.displayName,
        state: p.standing.state,
        enrolled: p.enrolled,
        threats: p.threats,
      })),
    };
  }
}
