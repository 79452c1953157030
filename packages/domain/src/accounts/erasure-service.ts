import type { ConsentService } from "../biometrics/consent.js";
import type { BiometricObjectStore } from "../biometrics/ports.js";
import { userObjectPrefix } from "../biometrics/sample-library.js";
import type { GalleryWriter } from "../gallery/gallery-sync.js";
import { type EvidenceEraser, userEvidencePrefix } from "../scanning/evidence.js";
import { type ManifestEraser, userManifestPrefix } from "../scanning/item-manifests.js";
import { type ScheduleApi, scanScheduleName } from "../scanning/scan-schedule.js";
import { BiometricSample } from "../table/entities.js";
import { ERASURE_RESUME_AFTER_MS, type ErasedAccounts } from "./erased-accounts.js";
import type { AccountStore, IdentityProvider } from "./ports.js";

export interface BiometricErasure {
  samples: number;
  objects: number;
  objectVersions: number;
}

export interface AccountErasure extends BiometricErasure {
  /** Captured media, screenshots, page metadata and detection results of the user's threats. */
  evidenceObjects: number;
  evidenceObjectVersions: number;
  items: number;
  sessions: number;
  signInAccount: boolean;
  /** Scans of the account that were running and were stopped. */
  scansStopped: number;
}

export interface ErasureDeps {
  store: AccountStore;
  objects: BiometricObjectStore;
  identity: IdentityProvider;
  consent: ConsentService;
  evidence: EvidenceEraser;
  schedules: ScheduleApi;
  /** The account's paid subscription (billing), ended first so no charge outlives the account. */
  subscriptions?: { endFor(userId: string): Promise<void> };
  /** The team the person works on, if any: they leave it (its item is in the team's partition, not theirs). */
  teams?: { leave(userId: string): Promise<void> };
  /** The people the account protects (issue 18): their records of this account, in their own partitions. */
  people?: { deleteProtectionsBy(accountId: string): Promise<number> };
  /** Scans' manifests of discovered items (URLs, handles), which would otherwise expire within a day. */
  manifests?: ManifestEraser;
  /** The matching gallery: the account's rows go first, so a deleted person is unmatched at once. */
  gallery?: GalleryWriter;
  /** Registered intimate-image hashes: their index rows go before the sealed items (issue 39). */
  registeredImages?: { userErased(userId: string): Promise<void> };
  /** Marked before anything goes: scan steps still running check it and write nothing more. */
  erased: ErasedAccounts;
  /** The account's scan executions still running (Step Functions StopExecution); how many were stopped. */
  scans: { stopRunning(userId: string): Promise<number> };
  /**
   * Waits before each final sweep: long enough for a scan step that checked the mark just before it
   * was made to finish the write it had begun (a few writes; seconds at most).
   */
  settle: () => Promise<void>;
  now: () => Date;
}

/** Sweeps after the erasure until one finds nothing; a step racing the mark writes at most once more. */
const MAX_SWEEPS = 3;

/**
 * Erasure that leaves no copy: sample items (with their sealed embeddings and wrapped keys),
 * every object and object version under the user's prefix (samples and unregistered uploads),
 * and for an account also every evidence object and version under the user's evidence prefix
 * (kept for no legal process: docs/privacy.md, "Retention"), the scan schedule, every table item,
 * every session and the sign-in account. Evidence goes before the items that point at it, so a failure part-way
 * leaves threats whose evidence is gone rather than evidence no record leads to.
 */
export class ErasureService {
  constructor(private readonly deps: ErasureDeps) {}

  async deleteBiometrics(userId: string): Promise<BiometricErasure> {
    await this.deps.gallery?.userErased(userId);
    const samples = await this.deps.store.listSamples(userId);
    await this.deps.store.deleteItems(samples.map((s) => sampleKey(s)));
    const objects = await this.deps.objects.deleteAll(userObjectPrefix(userId));
    await this.deps.consent.withdraw(userId);
    return { samples: samples.length, ...objects };
  }

  async deleteAccount(userId: string): Promise<AccountErasure> {
    const profile = await this.deps.store.getProfile(userId);
    return this.erase(userId, profile?.username);
  }

  /**
   * Finishes every erasure a crash (or a timeout) interrupted, from its tombstone: run at start, after
   * each deploy, and on a schedule. Without it the sign-in account survived, and signing in made an
   * empty profile again. Each step of an erasure is idempotent, so a resumed one simply runs again;
   * one that fails is logged by the caller and tried again on the next run.
   */
  async resumeUnfinished(onError: (userId: string, error: unknown) => void) {
    const cutoff = new Date(this.deps.now().getTime() - ERASURE_RESUME_AFTER_MS);
    let resumed = 0;
    let failed = 0;
    for (const erasure of await this.deps.erased.unfinished(cutoff)) {
      try {
        await this.erase(erasure.userId, erasure.username);
        resumed++;
      } catch (error) {
        failed++;
        onError(erasure.userId, error);
      }
    }
    return { resumed, failed };
  }

  private async erase(userId: string, username: string | undefined): Promise<AccountErasure> {
    // Before anything is deleted: from here on no scan step writes for the account, and the tombstone
    // says what finishing the erasure needs should this run be cut short.
    await this.deps.erased.mark(userId, this.deps.now(), username);
    await this.deps.subscriptions?.endFor(userId);
    await this.deps.teams?.leave(userId);
    // So no scheduled scan starts for the account, and none still runs, while it goes.
    await this.deps.schedules.remove(scanScheduleName(userId));
    const scansStopped = await this.deps.scans.stopRunning(userId);
    await this.deps.registeredImages?.userErased(userId);
    const biometrics = await this.deleteBiometrics(userId);
    const evidence = await this.deps.evidence.eraseAll(userEvidencePrefix(userId));
    await this.deps.manifests?.eraseAll(userManifestPrefix(userId));
    const sessions = await this.deps.store.listSessions(userId);
    for (const session of sessions) {
      await this.deps.store.deleteSession(session.sessionHash);
      if (session.refreshToken) await this.deps.identity.revoke(session.refreshToken).catch(() => undefined);
    }
    // Before the account's own items: its people are how their invitees' records are found.
    const protections = (await this.deps.people?.deleteProtectionsBy(userId)) ?? 0;
    const items = await this.deps.store.listUserItems(userId);
    await this.deps.store.deleteItems(items.map(({ pk, sk }) => ({ pk, sk })));
    const late = await this.sweepLateWrites(userId);
    if (username) await this.deps.identity.deleteUser(username);
    await this.deps.erased.finished(userId, this.deps.now());
    return {
      ...biometrics,
      evidenceObjects: evidence.objects + late.evidenceObjects,
      evidenceObjectVersions: evidence.objectVersions + late.evidenceObjectVersions,
      items: items.length + biometrics.samples + protections + late.items,
      sessions: sessions.length,
      signInAccount: Boolean(username),
      scansStopped,
    };
  }

  /**
   * What a scan step wrote between checking the mark (not there yet) and its write landing: evidence
   * and items under the id, swept again until a sweep finds none.
   */
  private async sweepLateWrites(userId: string) {
    const late = { evidenceObjects: 0, evidenceObjectVersions: 0, items: 0 };
    for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
      await this.deps.settle();
      const evidence = await this.deps.evidence.eraseAll(userEvidencePrefix(userId));
      // A Discover that checked the mark before it was made may still write its manifest.
      const manifests = (await this.deps.manifests?.eraseAll(userManifestPrefix(userId))) ?? 0;
      const items = await this.deps.store.listUserItems(userId);
      await this.deps.store.deleteItems(items.map(({ pk, sk }) => ({ pk, sk })));
      late.evidenceObjects += evidence.objects;
      late.evidenceObjectVersions += evidence.objectVersions;
      late.items += items.length;
      if (evidence.objects + evidence.objectVersions + manifests + items.length === 0) break;
    }
    return late;
  }
}

const sampleKey = (s: { userId: string; personId: string; modality: string; sampleId: string }) =>
  BiometricSample.key(s);
