import type { ConsentService } from "../biometrics/consent.js";
import type { BiometricObjectStore } from "../biometrics/ports.js";
import { userObjectPrefix } from "../biometrics/sample-library.js";
import { type EvidenceEraser, userEvidencePrefix } from "../scanning/evidence.js";
import { type ScheduleApi, scanScheduleName } from "../scanning/scan-schedule.js";
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
}

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
    const samples = await this.deps.store.listSamples(userId);
    await this.deps.store.deleteItems(samples.map((s) => sampleKey(s)));
    const objects = await this.deps.objects.deleteAll(userObjectPrefix(userId));
    await this.deps.consent.withdraw(userId);
    return { samples: samples.length, ...objects };
  }

  async deleteAccount(userId: string): Promise<AccountErasure> {
    const profile = await this.deps.store.getProfile(userId);
    await this.deps.subscriptions?.endFor(userId);
    await this.deps.teams?.leave(userId);
    // First, so no scheduled scan starts for the account (and captures evidence) while it goes.
    await this.deps.schedules.remove(scanScheduleName(userId));
    const biometrics = await this.deleteBiometrics(userId);
    const evidence = await this.deps.evidence.eraseAll(userEvidencePrefix(userId));
    const sessions = await this.deps.store.listSessions(userId);
    for (const session of sessions) {
      await this.deps.store.deleteSession(session.sessionHash);
      if (session.refreshToken) await this.deps.identity.revoke(session.refreshToken).catch(() => undefined);
    }
    // Before the account's own items: its people are how their invitees' records are found.
    const protections = (await this.deps.people?.deleteProtectionsBy(userId)) ?? 0;
    const items = await this.deps.store.listUserItems(userId);
    await this.deps.store.deleteItems(items.map(({ pk, sk }) => ({ pk, sk })));
    if (profile?.username) await this.deps.identity.deleteUser(profile.username);
    return {
      ...biometrics,
      evidenceObjects: evidence.objects,
      evidenceObjectVersions: evidence.objectVersions,
      items: items.length + biometrics.samples + protections,
      sessions: sessions.length,
      signInAccount: Boolean(profile?.username),
    };
  }
}

const sampleKey = (s: { userId: string; personId: string; modality: string; sampleId: string }) => ({
  pk: `USER#${s.userId}`,
  sk: `BIOMETRIC#${s.personId}#${s.modality}#${s.sampleId}`,
});
