import { sha256Hex } from "../scanning/evidence.js";
import type { AlertOwedRecord } from "../scanning/scan-ports.js";
import type { ThreatClassification } from "./classification-schema.js";
import { verifiedMatchRevision } from "./match-reverification.js";
import { NEAR_DUPLICATE_MAX_BITS, perceptualHashBands } from "./near-duplicate-bands.js";
import { accountGroupOf } from "./poster-keys.js";
import type { PosterKeyHit, ThreatRecord, ThreatRepository, UnkeyedThreats } from "./threat-ports.js";

export interface ThreatCandidate {
  personId: string;
  threatType: ThreatRecord["threatType"];
  confidence: number;
  platform: string;
  contentType?: string;
  url: string;
  title?: string;
  mediaSha256: string;
  perceptualHash?: string;
  /** The account that posted the media (or the impersonating handle), when the platform says. */
  account?: string;
  /** What identifies that account (threats/poster-keys.ts): a poster sharing one is the same poster. */
  posterKeys?: string[];
  evidence: { hash: string; manifestKey: string; capturedAt: string };
  detection: Record<string, unknown>;
  /** The evidence behind the type, as the analysis classified it. */
  classification: ThreatClassification;
}

export interface RecordOutcome {
  created: ThreatRecord[];
  sightings: { threatId: string; url: string }[];
}

export { NEAR_DUPLICATE_MAX_BITS };

export function hammingHex(a: string, b: string): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let bits = 0;
  for (let i = 0; i < a.length; i += 8) {
    let x = (Number.parseInt(a.slice(i, i + 8), 16) ^ Number.parseInt(b.slice(i, i + 8), 16)) >>> 0;
    while (x) {
      bits += x & 1;
      x >>>= 1;
    }
  }
  return bits;
}

/** A 64-bit hex perceptual hash as two 32-bit halves (undefined when it is not 16 hex digits). */
function hashBits(hex: string): [number, number] | undefined {
  if (!/^[0-9a-f]{16}$/i.test(hex)) return undefined;
  return [Number.parseInt(hex.slice(0, 8), 16), Number.parseInt(hex.slice(8, 16), 16)];
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

const hammingBits = (a: [number, number], b: [number, number]) =>
  popcount((a[0] ^ b[0]) >>> 0) + popcount((a[1] ^ b[1]) >>> 0);

/**
 * Same user, media and hosting platform always give the same id, which makes creation idempotent
 * (two platforms' record steps run at once, so each keys its own). Threats stored before hosting
 * locations were told apart have the id of the user and media alone (no platform given here).
 */
export const threatIdFor = (userId: string, mediaSha256: string, platform?: string) =>
  `thr_${sha256Hex(`${userId}:${mediaSha256}${platform === undefined ? "" : `@${platform}`}`).slice(0, 24)}`;

const byId = (a: ThreatRecord, b: ThreatRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The stored threats the duplicate rule can match these candidates to, read by key rather than
 * the account's whole list: each candidate's own threat id (same media), and every threat keyed
 * under one of its perceptual-hash bands within NEAR_DUPLICATE_MAX_BITS of it. In id order, the
 * order the account's list has, so the first near match is the one it always was.
 */
async function storedMatches(repo: ThreatRepository, userId: string, candidates: ThreatCandidate[]) {
  const ids = new Set(
    candidates.flatMap((c) => [threatIdFor(userId, c.mediaSha256, c.platform), threatIdFor(userId, c.mediaSha256)]),
  );
  const candidateBits = candidates.flatMap((c) => {
    const bits = c.perceptualHash ? hashBits(c.perceptualHash) : undefined;
    return bits ? [bits] : [];
  });
  const bands = new Set(
    candidates.flatMap((c) => (c.perceptualHash ? (perceptualHashBands(c.perceptualHash) ?? []) : [])),
  );
  if (bands.size > 0) {
    for (const key of await repo.findByHashBands(userId, [...bands])) {
      const bits = hashBits(key.perceptualHash);
      if (bits && candidateBits.some((c) => hammingBits(c, bits) <= NEAR_DUPLICATE_MAX_BITS)) ids.add(key.threatId);
    }
  }
  return (await repo.getMany(userId, [...ids])).sort(byId);
}

const oldestFirst = (a: PosterKeyHit, b: PosterKeyHit) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.threatId < b.threatId ? -1 : 1;

/**
 * The account group a new threat joins: that of the oldest stored threat whose poster shares a key
 * with its poster (the same link, or handle and avatar, on another platform), else its own poster's.
 */
function posterGroup(c: ThreatCandidate, hits: Map<string, PosterKeyHit[]>) {
  const shared = (c.posterKeys ?? []).flatMap((key) => hits.get(key) ?? []).sort(oldestFirst);
  const own = accountGroupOf({ platform: c.platform, ...(c.account ? { account: c.account } : {}) });
  const joined = shared[0]?.accountGroup;
  return joined && joined !== own ? joined : undefined;
}

async function posterKeyHits(repo: ThreatRepository, userId: string, candidates: ThreatCandidate[]) {
  const keys = [...new Set(candidates.flatMap((c) => c.posterKeys ?? []))];
  const hits = new Map<string, PosterKeyHit[]>();
  if (keys.length === 0) return hits;
  for (const hit of await repo.findByPosterKeys(userId, keys)) hits.set(hit.key, [...(hits.get(hit.key) ?? []), hit]);
  return hits;
}

/**
 * Records scan findings: new media becomes a threat; media seen before on the same platform (same
 * hash, or a near-identical perceptual hash) adds a sighting to the existing threat instead. The
 * same media on another platform is a threat of its own, grouped with the first (media group): each
 * host removes only what it hosts, so each gets its own notice naming its own address.
 */
export async function recordThreats(
  repo: ThreatRepository,
  userId: string,
  candidates: ThreatCandidate[],
  now: () => string = () => new Date().toISOString(),
  /**
   * Owes the new threat's alert (idempotently). Called before the threat is written: a threat that
   * exists always has its alert owed, whenever the scan that recorded it dies.
   */
  oweAlert: (threatId: string, at: string) => Promise<void> = async () => undefined,
): Promise<RecordOutcome> {
  const outcome: RecordOutcome = { created: [], sightings: [] };
  const known = await storedMatches(repo, userId, candidates);
  const posters = await posterKeyHits(repo, userId, candidates);
  const sameMedia = (sha: string) => known.filter((t) => t.mediaSha256 === sha);
  const hashed = known.flatMap((t) => (t.perceptualHash ? [{ threat: t, bits: hashBits(t.perceptualHash) }] : []));
  for (const c of candidates) {
    const seenAt = now();
    const bits = c.perceptualHash ? hashBits(c.perceptualHash) : undefined;
    const near = bits
      ? hashed.filter((h) => h.bits !== undefined && hammingBits(h.bits, bits) <= NEAR_DUPLICATE_MAX_BITS)
      : [];
    const elsewhere = sameMedia(c.mediaSha256);
    const existing =
      elsewhere.find((t) => t.platform === c.platform) ??
      near.find((h) => h.threat.threatType === c.threatType && h.threat.platform === c.platform)?.threat;
    if (existing) {
      await repo.addSighting(userId, existing.id, { url: c.url, seenAt });
      outcome.sightings.push({ threatId: existing.id, url: c.url });
      // Found again against a sample verified since: notices may now rest on it.
      const revision = verifiedMatchRevision(existing, c);
      if (revision) {
        await repo.reviseMatch(userId, existing.id, revision, seenAt);
        Object.assign(existing, revision);
      }
      continue;
    }
    // The same picture already recorded on another platform or as another type of threat: shown
    // together as one media group.
    const related = elsewhere[0] ?? near[0]?.threat;
    const mediaGroup = related ? (related.mediaGroup ?? related.mediaSha256) : c.mediaSha256;
    const accountGroup = posterGroup(c, posters);
    const threat: ThreatRecord = {
      userId,
      id: threatIdFor(userId, c.mediaSha256, c.platform),
      personId: c.personId,
      threatType: c.threatType,
      confidence: Math.round(c.confidence * 10) / 10,
      platform: c.platform,
      ...(c.contentType ? { contentType: c.contentType } : {}),
      url: c.url,
      ...(c.title ? { title: c.title } : {}),
      status: "active",
      mediaSha256: c.mediaSha256,
      ...(c.perceptualHash ? { perceptualHash: c.perceptualHash } : {}),
      mediaGroup,
      ...(c.account ? { account: c.account } : {}),
      ...(accountGroup ? { accountGroup } : {}),
      ...(c.posterKeys?.length ? { posterKeys: c.posterKeys } : {}),
      evidenceData: c.evidence,
      detection: c.detection,
      classification: c.classification,
      sightings: [{ url: c.url, seenAt }],
      createdAt: seenAt,
      updatedAt: seenAt,
    };
    await oweAlert(threat.id, seenAt);
    if (await repo.createIfAbsent(threat)) {
      outcome.created.push(threat);
      await repo.appendAudit({
        userId,
        threatId: threat.id,
        at: seenAt,
        actor: "scanner",
        actorKind: "scanner",
        action: "detected",
        to: "active",
      });
    } else {
      // Created by an earlier, interrupted run of the same scan: count it as a sighting.
      await repo.addSighting(userId, threat.id, { url: c.url, seenAt });
      outcome.sightings.push({ threatId: threat.id, url: c.url });
    }
    known.push(threat);
    if (bits) hashed.push({ threat, bits });
    // The same poster later in this batch (another platform's account) joins the group found here.
    const group = accountGroupOf(threat);
    if (group)
      for (const key of threat.posterKeys ?? [])
        posters.set(key, [
          ...(posters.get(key) ?? []),
          { key, threatId: threat.id, accountGroup: group, createdAt: seenAt },
        ]);
  }
  return outcome;
}

/**
 * Writes the near-duplicate keys of threats recorded before they existed (after deploy), so a
 * scan finds them by key. Idempotent: a keyed threat is never read again.
 */
export async function backfillNearDuplicateKeys(threats: UnkeyedThreats): Promise<{ keyed: number }> {
  let keyed = 0;
  for await (const threat of threats.unkeyed()) {
    await threats.writeNearDuplicateKeys(threat);
    keyed++;
  }
  return { keyed };
}

class AccountErasedWhileRecording extends Error {}

/**
 * recordThreats for a run of a scan or a crawl, each new threat owing its alert under `runId`, asking
 * before each threat whether the account was erased meanwhile: recording many threats takes long
 * enough for an erasure to begin. Null when it was, and nothing more is written for it.
 */
export async function recordThreatsOwingAlerts(
  deps: {
    threats: ThreatRepository;
    outbox: { oweIfAbsent(owed: AlertOwedRecord): Promise<void> };
    erased: { isErased(userId: string): Promise<boolean> };
    now: () => string;
  },
  userId: string,
  runId: string,
  candidates: ThreatCandidate[],
): Promise<RecordOutcome | null> {
  const oweAlert = async (threatId: string, at: string) => {
    if (await deps.erased.isErased(userId)) throw new AccountErasedWhileRecording();
    await deps.outbox.oweIfAbsent({ userId, threatId, scanId: runId, status: "owed", createdAt: at });
  };
  return recordThreats(deps.threats, userId, candidates, deps.now, oweAlert).catch((error: unknown) => {
    if (error instanceof AccountErasedWhileRecording) return null;
    throw error;
  });
}
