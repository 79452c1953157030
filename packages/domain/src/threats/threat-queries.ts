import type { AccountStore } from "../accounts/ports.js";
import { CONSENT_VERSION } from "../biometrics/consent.js";
import { isCurrentEmbedding } from "../biometrics/embedding-models.js";
import { isServerVerified, modalityEnrolment, searchedInScans } from "../biometrics/enrolment-verification.js";
import { DomainError } from "../errors.js";
import { SELF_PERSON_ID } from "../records.js";
import { decodeManifest, type EvidenceStore, verifyEvidencePackage } from "../scanning/evidence.js";
import type { ScanRepository } from "../scanning/scan-ports.js";
import { effectiveFrequency } from "../scanning/scan-schedule.js";
import { scanIntervalHours } from "../scanning/scan-service.js";
import { type AutomationOutcomes, automationView } from "../takedowns/automation-outcome.js";
import type { TakedownNoticeRecord } from "../takedowns/ports.js";
import type { ThreatListing } from "./threat-listing-ports.js";
import type { ThreatRepository } from "./threat-ports.js";
import { computeStats, countsFromCounters, countThreats, type ThreatCounts } from "./threat-stats.js";
import { threatView } from "./threat-view.js";

export interface ThreatQueryDeps {
  accounts: AccountStore;
  threats: ThreatRepository;
  scans: ScanRepository;
  evidence: EvidenceStore;
  /** A censored (blurred, small) JPEG of a picture: the threat details show this, never the original. */
  renderPreview: (picture: Uint8Array) => Promise<Uint8Array>;
  now: () => Date;
  /** The person's takedown notices, so each threat shows where its latest one stands. */
  notices?: { listForUser(userId: string): Promise<TakedownNoticeRecord[]> };
  /** The account's maintained threat counts: stats read them instead of every threat. */
  counters?: Pick<ThreatListing, "counters">;
  /** Why the threat's automatic takedown sent nothing, when it did not. */
  automation?: Pick<AutomationOutcomes, "get">;
  /** How many intimate-image hashes an account registered (the count alone: never a hash). */
  registeredImages?: { count(userId: string): Promise<number> };
}

/** Reads for the dashboard: every figure comes from stored threats, scans and samples. */
export class ThreatQueries {
  constructor(private readonly deps: ThreatQueryDeps) {}

  async get(userId: string, threatId: string) {
    const threat = await this.deps.threats.get(userId, threatId);
    if (!threat) throw new DomainError("not-found", "Threat not found");
    const [latest, audit, automation] = await Promise.all([
      this.latestNotices(userId),
      this.deps.threats.listAudit(userId, threatId),
      this.deps.automation?.get(userId, threatId) ?? null,
    ]);
    const history = audit
      .sort((a, b) => a.at.localeCompare(b.at))
      .map(({ userId: _user, threatId: _threat, entryId: _entry, ...entry }) => ({
        ...entry,
        actorKind:
          entry.actorKind ?? (entry.actor === "scanner" ? "scanner" : entry.actor === "user" ? "user" : "system"),
      }));
    const notice = latest.get(threatId);
    // Once a notice left for the threat, the automation's earlier word on it is history.
    const autoTakedown = automation && !notice ? automationView(automation) : undefined;
    return { ...threatView(threat, notice), history, audit: history, ...(autoTakedown ? { autoTakedown } : {}) };
  }

  /** Each threat's newest notice that got past a draft. */
  private async latestNotices(userId: string) {
    const notices = (await this.deps.notices?.listForUser(userId)) ?? [];
    const latest = new Map<string, TakedownNoticeRecord>();
    for (const notice of notices) {
      if (notice.status === "draft") continue;
      const known = latest.get(notice.threatId);
      if (!known || notice.createdAt > known.createdAt) latest.set(notice.threatId, notice);
    }
    return latest;
  }

  async verifyEvidence(userId: string, threatId: string) {
    const threat = await this.deps.threats.get(userId, threatId);
    if (!threat) throw new DomainError("not-found", "Threat not found");
    if (!threat.evidenceData) throw new DomainError("not-found", "This threat has no evidence package");
    return verifyEvidencePackage(this.deps.evidence, threat.evidenceData.manifestKey, threat.evidenceData.hash);
  }

  /** The censored preview of the picture a threat rests on, from its evidence package. */
  async preview(userId: string, threatId: string): Promise<{ contentType: "image/jpeg"; bytes: Uint8Array }> {
    const threat = await this.deps.threats.get(userId, threatId);
    if (!threat) throw new DomainError("not-found", "Threat not found");
    const manifestKey = threat.evidenceData?.manifestKey;
    const manifestBytes = manifestKey ? await this.deps.evidence.get(manifestKey) : null;
    const manifest = manifestBytes ? decodeManifest(manifestBytes) : null;
    const picture = manifest?.files.find((f) => f.contentType.startsWith("image/"));
    const bytes = picture ? await this.deps.evidence.get(picture.key) : null;
    if (!bytes) throw new DomainError("not-found", "This threat has no picture to preview");
    return { contentType: "image/jpeg", bytes: await this.deps.renderPreview(bytes) };
  }

  async stats(userId: string) {
    const [profile, counts, scans, samples, consents, registeredImages] = await Promise.all([
      this.deps.accounts.getProfile(userId),
      this.threatCounts(userId),
      this.deps.scans.list(userId, 50),
      this.deps.accounts.listSamples(userId),
      this.deps.accounts.listConsents(userId),
      this.deps.registeredImages?.count(userId) ?? 0,
    ]);
    const finished = scans.filter((s) => s.status === "succeeded");
    const ended = scans
      .filter((s) => s.status !== "running")
      .sort((a, b) => (b.finishedAt ?? b.startedAt).localeCompare(a.finishedAt ?? a.startedAt));
    const lastScanOutcome = ended[0]?.status === "failed" ? "failed" : ended[0] ? "succeeded" : undefined;
    const self = samples.filter((s) => s.personId === SELF_PERSON_ID);
    const faces = self.filter((s) => s.modality === "face");
    const face = modalityEnrolment(faces, "face");
    const voice = modalityEnrolment(self, "voice");
    const stats = computeStats(
      {
        counts,
        likeness: {
          // A face of an older model is not searched by scans, whatever its verification.
          face: {
            stored: faces.length > 0,
            searched: face.enrolled && faces.some((s) => searchedInScans(s) && isCurrentEmbedding(s)),
            ...(face.pendingReview ? { heldForReview: true } : {}),
          },
          voice: { stored: self.some((s) => s.modality === "voice"), searched: voice.enrolled },
        },
        schedule: profile ? effectiveFrequency(profile) : "weekly",
        platformsScanned: finished.flatMap((s) => s.platforms),
        ...(lastScanOutcome ? { lastScanOutcome } : {}),
        registeredImages,
        setup: {
          consentGiven: consents.some((c) => c.version === CONSENT_VERSION && !c.withdrawnAt),
          ...(profile?.firstName ? { firstName: profile.firstName } : {}),
          ...(profile?.lastName ? { lastName: profile.lastName } : {}),
          aliases: profile?.aliases ?? [],
          platforms: profile?.platforms ?? [],
          faceEnrolled: self.some((s) => s.modality === "face"),
          faceVerified: self.some((s) => s.modality === "face" && isServerVerified(s) && isCurrentEmbedding(s)),
          voiceEnrolled: self.some((s) => s.modality === "voice"),
          ...(finished[0]?.finishedAt ? { lastScanAt: finished[0].finishedAt } : {}),
          scanIntervalHours: profile ? scanIntervalHours(profile) : 168,
        },
      },
      this.deps.now().getTime(),
    );
    return { ...stats, threatCounts: { total: counts.total, byStatus: counts.byStatus } };
  }

  /** From the maintained counters when wired; else counted from the threats (small stores, tests). */
  private async threatCounts(userId: string): Promise<ThreatCounts> {
    if (this.deps.counters) return countsFromCounters(await this.deps.counters.counters(userId));
    return countThreats(await this.deps.threats.list(userId));
  }

  async latestScan(userId: string) {
    const [latest] = await this.deps.scans.list(userId, 1);
    return latest ?? null;
  }
}
