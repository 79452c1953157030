import type { EvidenceStore } from "../../../packages/domain/src/scanning/evidence.js";
import type {
  AlertOutbox,
  AlertOwedRecord,
  FindingCache,
  FindingKey,
  LikenessFinding,
  ScanLockRecord,
  ScanLocks,
} from "../../../packages/domain/src/scanning/scan-ports.js";
import { replacesTakedown } from "../../../packages/domain/src/takedowns/threat-takedown.js";
import { perceptualHashBands } from "../../../packages/domain/src/threats/near-duplicate-bands.js";
import { accountGroupOf } from "../../../packages/domain/src/threats/poster-keys.js";
import type { ThreatAudit, ThreatRecord, ThreatRepository } from "../../../packages/domain/src/threats/threat-ports.js";

export class InMemoryThreatRepository implements ThreatRepository {
  readonly threats = new Map<string, ThreatRecord>();
  readonly audit: ThreatAudit[] = [];
  private key = (u: string, id: string) => `${u}/${id}`;
  async get(userId: string, id: string) {
    return structuredClone(this.threats.get(this.key(userId, id)) ?? null);
  }
  /** Whole-account reads: a scan's recording must not make any. */
  listCalls = 0;
  async list(userId: string) {
    this.listCalls++;
    return [...this.threats.values()].filter((t) => t.userId === userId).map((t) => structuredClone(t));
  }
  async getMany(userId: string, ids: string[]) {
    return ids.flatMap((id) => {
      const t = this.threats.get(this.key(userId, id));
      return t ? [structuredClone(t)] : [];
    });
  }
  async findByHashBands(userId: string, bands: string[]) {
    const wanted = new Set(bands);
    return [...this.threats.values()].flatMap((t) =>
      t.userId === userId && t.perceptualHash && perceptualHashBands(t.perceptualHash)?.some((b) => wanted.has(b))
        ? [{ threatId: t.id, perceptualHash: t.perceptualHash }]
        : [],
    );
  }
  async findByPosterKeys(userId: string, keys: string[]) {
    return [...this.threats.values()].flatMap((t) => {
      const accountGroup = accountGroupOf(t);
      if (t.userId !== userId || !accountGroup) return [];
      const shared = (t.posterKeys ?? []).filter((k) => keys.includes(k));
      return shared.map((key) => ({ key, threatId: t.id, accountGroup, createdAt: t.createdAt }));
    });
  }
  async findByMediaHash(userId: string, sha: string) {
    return structuredClone(
      [...this.threats.values()].find((t) => t.userId === userId && t.mediaSha256 === sha) ?? null,
    );
  }
  async createIfAbsent(t: ThreatRecord) {
    if (this.threats.has(this.key(t.userId, t.id))) return false;
    this.threats.set(this.key(t.userId, t.id), structuredClone(t));
    return true;
  }
  async addSighting(userId: string, id: string, s: { url: string; seenAt: string }) {
    const t = this.threats.get(this.key(userId, id));
    if (t && !t.sightings.some((x) => x.url === s.url)) t.sightings.push(s);
  }
  async reviseMatch(
    userId: string,
    id: string,
    revision: Pick<ThreatRecord, "detection" | "classification">,
    at: string,
  ) {
    const t = this.threats.get(this.key(userId, id));
    if (t) Object.assign(t, structuredClone(revision), { updatedAt: at });
  }
  async updateStatus(userId: string, id: string, from: ThreatRecord["status"], to: ThreatRecord["status"], at: string) {
    const t = this.threats.get(this.key(userId, id));
    if (!t || t.status !== from) return false;
    t.status = to;
    t.updatedAt = at;
    return true;
  }
  async recordTakedown(userId: string, id: string, takedown: NonNullable<ThreatRecord["takedown"]>, at: string) {
    const t = this.threats.get(this.key(userId, id));
    if (!t || !replacesTakedown(t.takedown, takedown)) return false;
    t.takedown = structuredClone(takedown);
    t.updatedAt = at;
    return true;
  }
  async disputeLabel(userId: string, id: string, dispute: NonNullable<ThreatRecord["labelDispute"]>) {
    const t = this.threats.get(this.key(userId, id));
    if (!t || t.labelDispute) return false;
    t.labelDispute = { ...dispute };
    t.updatedAt = dispute.at;
    return true;
  }
  async appendAudit(e: ThreatAudit) {
    this.audit.push(e);
  }
  async listAudit(userId: string, threatId: string) {
    return this.audit.filter((a) => a.userId === userId && a.threatId === threatId);
  }
}

export class InMemoryEvidenceStore implements EvidenceStore {
  readonly objects = new Map<string, Uint8Array>();
  async putIfAbsent(key: string, body: Uint8Array) {
    if (this.objects.has(key)) return "exists" as const;
    this.objects.set(key, body.slice());
    return "created" as const;
  }
  async get(key: string) {
    return this.objects.get(key) ?? null;
  }
}

export class InMemoryFindingCache implements FindingCache {
  readonly findings = new Map<string, LikenessFinding>();
  private key = (k: FindingKey) => `${k.userId}/${k.scanId}/${k.mediaSha256}`;
  async get(k: FindingKey) {
    return structuredClone(this.findings.get(this.key(k)) ?? null);
  }
  async put(k: FindingKey, finding: LikenessFinding) {
    this.findings.set(this.key(k), structuredClone(finding));
  }
}

/** The table's conditional writes, kept atomic as DynamoDB keeps them: check and set in one step. */
export class InMemoryScanLocks implements ScanLocks {
  readonly locks = new Map<string, ScanLockRecord>();
  async acquire(lock: ScanLockRecord, now: Date) {
    await Promise.resolve();
    const held = this.locks.get(lock.userId);
    if (held && held.scanId !== lock.scanId && held.leaseUntil >= now.toISOString()) {
      return { acquired: false as const, holder: held.scanId };
    }
    this.locks.set(lock.userId, structuredClone(lock));
    return { acquired: true as const };
  }
  async release(userId: string, scanId: string) {
    if (this.locks.get(userId)?.scanId === scanId) this.locks.delete(userId);
  }
}

export class InMemoryAlertOutbox implements AlertOutbox {
  readonly items = new Map<string, AlertOwedRecord>();
  private key = (u: string, t: string) => `${u}/${t}`;
  async oweIfAbsent(owed: AlertOwedRecord) {
    if (!this.items.has(this.key(owed.userId, owed.threatId)))
      this.items.set(this.key(owed.userId, owed.threatId), structuredClone(owed));
  }
  async pending(userId: string, staleBefore: string) {
    return [...this.items.values()]
      .filter((o) => o.userId === userId)
      .filter((o) => o.status === "owed" || (o.status === "sending" && (o.claimedAt ?? "") < staleBefore))
      .map((o) => structuredClone(o));
  }
  async claim(userId: string, threatId: string, at: string, staleBefore: string) {
    const o = this.items.get(this.key(userId, threatId));
    if (!o || !(o.status === "owed" || (o.status === "sending" && (o.claimedAt ?? "") < staleBefore))) return false;
    o.status = "sending";
    o.claimedAt = at;
    return true;
  }
  async markSent(userId: string, threatId: string, at: string) {
    const o = this.items.get(this.key(userId, threatId));
    if (o) Object.assign(o, { status: "sent", sentAt: at });
  }
  async staleClaims(staleBefore: string) {
    return [...this.items.values()]
      .filter((o) => o.status === "sending" && (o.claimedAt ?? "") < staleBefore)
      .map((o) => structuredClone(o));
  }
}
