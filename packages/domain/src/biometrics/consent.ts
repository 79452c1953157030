import type { AccountStore } from "../accounts/ports.js";
import { DomainError } from "../errors.js";

/**
 * The biometric consent in plain language. Changing the text means a new version: people who
 * agreed to an older one are asked again before any new face or voice is taken.
 */
export const CONSENT_VERSION = "2026-11-biometric-v1";

export const CONSENT_TEXT = [
  "What we collect: photos of your face (one uploaded photo or three live camera poses) and a short recording of your voice.",
  "Why: we turn them into face and voice embeddings, which are lists of numbers, and use those only to find copies, deepfakes and clones of your likeness on the platforms you choose. We never use them for anything else, never sell them and never share them.",
  "How it is protected: embeddings are encrypted with a key held in a key management service; the original photos and recording are stored encrypted in a private storage bucket.",
  "How long we keep it: until the auto-delete period you choose in Privacy Settings (30, 90 or 180 days, or until you delete it; 90 days unless you change it). Expired data is deleted automatically.",
  "How to delete it: 'Delete All Biometric Data' in Privacy Settings erases the photos, the recording and the embeddings at once; deleting your account erases everything we hold about you.",
  "You can withdraw this consent at any time by deleting your biometric data; protection that needs your face or voice then stops.",
].join("\n\n");

export interface ConsentStatus {
  required: boolean;
  version: string;
  text: string;
  givenAt?: string;
}

export class ConsentService {
  constructor(private readonly deps: { store: AccountStore; now: () => Date }) {}

  async status(userId: string): Promise<ConsentStatus> {
    const current = await this.current(userId);
    return {
      required: !current,
      version: CONSENT_VERSION,
      text: CONSENT_TEXT,
      ...(current ? { givenAt: current.givenAt } : {}),
    };
  }

  async give(userId: string, version: string): Promise<ConsentStatus> {
    if (version !== CONSENT_VERSION) {
      throw new DomainError(
        "conflict",
        "The consent text has changed; please read the current version and agree again",
      );
    }
    await this.deps.store.putConsent({ userId, version, givenAt: this.deps.now().toISOString() });
    return this.status(userId);
  }

  /** Every biometric operation calls this first: no consent, no face or voice taken. */
  async require(userId: string): Promise<void> {
    if (!(await this.current(userId))) {
      throw new DomainError("forbidden", "Biometric consent is required before enrolling a face or voice");
    }
  }

  /** Deleting biometrics withdraws consent: it is asked again before anything is taken again. */
  async withdraw(userId: string): Promise<void> {
    const current = await this.current(userId);
    if (current) await this.deps.store.putConsent({ ...current, withdrawnAt: this.deps.now().toISOString() });
  }

  private async current(userId: string) {
    const consents = await this.deps.store.listConsents(userId);
    return consents.find((c) => c.version === CONSENT_VERSION && !c.withdrawnAt) ?? null;
  }
}
