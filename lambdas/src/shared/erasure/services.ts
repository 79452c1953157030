import { ErasureService } from "@lg/domain/accounts/erasure-service";
import { accountStore, identityProvider, teamStore } from "../accounts/services.js";
import { billingService } from "../billing/services.js";
import { biometricObjects, consentService } from "../biometrics/services.js";
import { gallerySync } from "../gallery/services.js";
import { once } from "../once.js";
import { peopleService } from "../people/services.js";
import { registeredImageService } from "../registered-images/services.js";
import { itemManifests } from "../scan-work/services.js";
import { stopRunningScans } from "../scanning/scan-executions.js";
import { scanSchedules } from "../scanning/scan-schedules.js";
import { erasedAccounts, evidenceStore } from "../threats/services.js";

/**
 * A scan step that found the account not yet erased finishes its write within this: one evidence
 * package or one threat's few items (tens of milliseconds; seconds under load).
 */
const ERASURE_SETTLE_MS = 3_000;
/**
 * Erasure: deleting an account or its biometrics reaches into billing, the team, protected people,
 * scans and the gallery, so it sits above all of them (docs/architecture.md). Each reaches the
 * service through a port; none of those contexts imports this one back.
 */
export const erasureService = once(
  () =>
    new ErasureService({
      store: accountStore(),
      objects: biometricObjects(),
      identity: identityProvider(),
      consent: consentService(),
      evidence: evidenceStore(),
      manifests: { eraseAll: (prefix) => itemManifests().eraseAll(prefix) },
      schedules: scanSchedules,
      subscriptions: { endFor: async (userId) => billingService().endSubscription(userId) },
      teams: {
        leave: async (userId) => {
          const membership = await teamStore().membershipOf(userId);
          if (membership) await teamStore().deleteMember(membership.accountId, userId);
        },
      },
      people: { deleteProtectionsBy: async (accountId) => peopleService().deleteProtectionsBy(accountId) },
      erased: erasedAccounts(),
      scans: { stopRunning: stopRunningScans },
      settle: () => new Promise((resolve) => setTimeout(resolve, ERASURE_SETTLE_MS)),
      gallery: gallerySync(),
      registeredImages: registeredImageService(),
      now: () => new Date(),
    }),
);
