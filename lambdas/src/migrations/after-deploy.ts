import {
  DynamoLiveCheckDemotionTable,
  DynamoReverifyMessages,
} from "@lg/domain/biometrics/adapters/dynamo-live-check-demotion";
import { DynamoSampleOwners, olderFaceSampleOwners } from "@lg/domain/biometrics/adapters/dynamo-sample-owners";
import { FaceReenrolment, reenrolEveryone } from "@lg/domain/biometrics/embedding-models";
import { demoteEveryone, LiveCheckDemotion } from "@lg/domain/biometrics/live-check-demotion";
import { tellLapsedFaceOwners } from "@lg/domain/biometrics/reverify-notice";
import { backfillGallery } from "@lg/domain/gallery/gallery-backfill";
import { DynamoWebhooks } from "@lg/domain/integrations/adapters/dynamo-webhooks";
import { sealKeptWebhookSecrets } from "@lg/domain/integrations/webhook-secret-migration";
import { DynamoPeopleStore } from "@lg/domain/people/adapters/dynamo-people-store";
import {
  DynamoNoticeRepository,
  DynamoNoticeStates,
  DynamoStoredNotices,
} from "@lg/domain/takedowns/adapters/dynamo-takedowns";
import { migrateTakedownNotices } from "@lg/domain/takedowns/notice-migration";
import { backfillThreatTakedowns } from "@lg/domain/takedowns/threat-takedown";
import { DynamoStoredThreats } from "@lg/domain/threats/adapters/dynamo-threat-migration";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { migrateThreatClassification } from "@lg/domain/threats/threat-migration";
import { backfillNearDuplicateKeys } from "@lg/domain/threats/threat-recorder";
import type { Context } from "aws-lambda";
import { accountChannels, accountStore } from "../shared/accounts/services.js";
import { dynamo } from "../shared/aws/clients.js";
import { biometricObjects, dataKeys, sampleLibrary } from "../shared/biometrics/services.js";
import { biometricAnalyser } from "../shared/enrolment/services.js";
import { ensureGallerySchema, finishGalleryIndexes, gallery, gallerySync } from "../shared/gallery/services.js";
import { webhookSecretSealer } from "../shared/integrations/secret-sealers.js";
import { logger, observed } from "../shared/observability.js";
import { env } from "./env.js";

/**
 * Recomputes every face embedding of an older face model from its kept photo, so nobody's face
 * drops out of scans after an upgrade. Those with nothing kept see `faceRecaptureNeeded`.
 */
export async function reenrolFacesOfOlderModels() {
  const migration = new FaceReenrolment({
    samples: sampleLibrary(),
    objects: biometricObjects(),
    keys: dataKeys(),
    analyser: biometricAnalyser(),
    store: accountStore(),
    gallery: gallerySync(),
  });
  const owners = olderFaceSampleOwners(dynamo, env().TABLE_NAME);
  return reenrolEveryone(owners, migration, (userId, error) =>
    logger.error("Face re-enrolment failed for one user; the next run retries", { userId, error }),
  );
}

/**
 * Indexes every sample the gallery does not hold (enrolled before it existed, or a write that failed
 * after the sample was stored), opened from its sealed record; rows it holds are left as they are.
 */
export async function backfillGalleryRows() {
  return backfillGallery(
    {
      owners: new DynamoSampleOwners(dynamo, env().TABLE_NAME),
      activeSamples: (userId) => sampleLibrary().activeSamples(userId),
      gallery: gallery(),
      keys: dataKeys(),
    },
    (userId, error) => logger.error("Gallery backfill failed for one user; the next run retries", { userId, error }),
  );
}

/**
 * Withdraws every verification the live check did not prove: faces verified before it (three still
 * photos passed the capture check it replaced) and voices verified before its spoken phrase (any
 * recording posted as a live capture was verified, issue 35 item 2). The samples stay, unverified
 * and unsearched, their matches stop carrying notices, and the person is asked to verify again
 * (biometrics/live-check-demotion.ts).
 */
export async function demoteVerificationsBeforeLiveCheck(modality: "face" | "voice") {
  const table = new DynamoLiveCheckDemotionTable(dynamo, env().TABLE_NAME, undefined, modality);
  const demotion = new LiveCheckDemotion({
    samples: sampleLibrary(),
    store: table,
    threats: new DynamoThreatRepository(dynamo, env().TABLE_NAME),
    people: new DynamoPeopleStore(dynamo, env().TABLE_NAME),
    gallery: gallerySync(),
    now: () => new Date(),
    modality,
  });
  return demoteEveryone(table, demotion, (userId, error) =>
    logger.error("Live-check demotion failed for one user; the next run retries", { userId, modality, error }),
  );
}

/**
 * Tells each person whose face or voice verification lapsed, once, by email (or text on a
 * phone-only account), to verify it again with the live check and why: scans stop searching for a
 * face meanwhile, and voice matches carry no notice.
 */
export async function tellToVerifyAgain(modality: "face" | "voice") {
  const messages = new DynamoReverifyMessages(dynamo, env().TABLE_NAME, modality);
  return tellLapsedFaceOwners(
    {
      owners: messages,
      samples: sampleLibrary(),
      profiles: accountStore(),
      channels: accountChannels(),
      sent: messages,
      appUrl: env().APP_URL,
      now: () => new Date(),
      modality,
    },
    (userId, error) =>
      logger.error("Re-verify message failed for one user; the next run retries", { userId, modality, error }),
  );
}

/**
 * Seals every webhook signing secret stored in the clear before secrets were sealed at rest, each
 * under a data key of its own from the webhook secrets' key (docs/public-api.md, "Webhooks").
 */
export async function sealWebhookSecretsAtRest() {
  return sealKeptWebhookSecrets(
    new DynamoWebhooks(dynamo, env().TABLE_NAME),
    webhookSecretSealer(),
    (endpointId, error) => logger.error("Sealing a webhook secret failed; the next run retries", { endpointId, error }),
  );
}

/**
 * The data migrations a deploy may need, run after it (a CDK trigger; locally at each start), in
 * order. Each is idempotent and writes only what is out of date: threats whose type or list keys
 * predate the code, notices from before the takedown centre, threats without their latest notice's
 * state, threats without near-duplicate keys, faces of an older model, faces verified before the
 * live check, voices verified before its spoken phrase, webhook secrets kept in the clear. Writes are
 * conditional on the item being unchanged, so a user's concurrent action is never overwritten.
 */
export async function runAfterDeploy(_event?: unknown, context?: Pick<Context, "getRemainingTimeInMillis">) {
  const table = env().TABLE_NAME;
  const threats = await migrateThreatClassification(new DynamoStoredThreats(dynamo, table), () =>
    new Date().toISOString(),
  );
  const notices = await migrateTakedownNotices(
    new DynamoStoredNotices(dynamo, table),
    new DynamoNoticeRepository(dynamo, table),
    () => new Date(),
  );
  // After the notices' own migration, so each threat gets its latest notice's current state.
  const threatTakedowns = await backfillThreatTakedowns(
    new DynamoNoticeStates(dynamo, table),
    new DynamoThreatRepository(dynamo, table),
    () => new Date(),
  );
  // Threats recorded before scans looked near-duplicates up by key get their keys.
  const nearDuplicateKeys = await backfillNearDuplicateKeys(new DynamoThreatRepository(dynamo, table));
  const webhookSecrets = await sealWebhookSecretsAtRest();
  // The gallery's tables and indexes first: the face migration writes its rows. An index rebuild for
  // new parameters goes on in the database while the migrations below run; its swap is awaited last.
  const startedIndexes = await ensureGallerySchema();
  const faces = await reenrolFacesOfOlderModels();
  // After the model migration, so the gallery rows it rewrites are demoted too.
  const liveCheckDemotion = await demoteVerificationsBeforeLiveCheck("face");
  const reverifyMessages = await tellToVerifyAgain("face");
  const voiceDemotion = await demoteVerificationsBeforeLiveCheck("voice");
  const voiceReverifyMessages = await tellToVerifyAgain("voice");
  // Last, so the samples it indexes are as the migrations above left them.
  const galleryBackfill = await backfillGalleryRows();
  const galleryIndexes = await finishGalleryIndexes(startedIndexes, () => context?.getRemainingTimeInMillis() ?? 0);
  const run = {
    threats,
    notices,
    threatTakedowns,
    nearDuplicateKeys,
    webhookSecrets,
    faces,
    liveCheckDemotion,
    reverifyMessages,
    voiceDemotion,
    voiceReverifyMessages,
    galleryBackfill,
    galleryIndexes,
  };
  logger.info("Data migrations after deploy", { ...run });
  return run;
}

export const handler = observed(runAfterDeploy);
