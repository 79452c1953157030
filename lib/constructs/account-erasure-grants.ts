import type { AppFunction } from "./app-function.js";
import type { HandlerResources } from "./handler-resources.js";

/**
 * Everything an account erasure deletes (accounts/erasure-service.ts): the subscription, the scan
 * schedule and running scans, table items, biometric objects, evidence (retention bypassed), scan
 * manifests, gallery rows and the sign-in account. Shared by the API's account deletion and the job
 * that finishes erasures a crash interrupted, so both can always finish one.
 */
export const bindAccountErasure = (fn: AppFunction, r: HandlerResources) =>
  fn
    .bindTable(r.table, "readWrite")
    .bindStripeSecret(r.stripeSecret)
    .bindBiometricBucket(r.biometricBucket, "readWriteDelete")
    .bindEvidenceBucket(r.evidenceBucket, "erase")
    .bindScanManifestErasure(r.scanWorkBucket)
    .bindStateMachine("SCAN_STATE_MACHINE_ARN", r.scanMachine, "stop")
    .bindScheduler(r.scheduler.groupName, r.scheduler.scheduleArnPattern, r.scheduler.role, r.scanMachine)
    .bindGallery(r.gallery, "readWrite");
