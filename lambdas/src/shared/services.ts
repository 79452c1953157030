import { SESv2Client } from "@aws-sdk/client-sesv2";
import { SNSClient } from "@aws-sdk/client-sns";
import { AccountSecurityService } from "@lg/domain/accounts/account-security";
import { DynamoErasedAccounts } from "@lg/domain/accounts/adapters/dynamo-erased-accounts";
import { DynamoUndoLinks } from "@lg/domain/accounts/adapters/dynamo-undo-links";
import { AuthService } from "@lg/domain/accounts/auth-service";
import { ErasureService } from "@lg/domain/accounts/erasure-service";
import { ExportService } from "@lg/domain/accounts/export-service";
import { ProfileService } from "@lg/domain/accounts/profile-service";
import { RateLimiter } from "@lg/domain/accounts/rate-limits";
import { SecurityNotices } from "@lg/domain/accounts/security-notices";
import { DynamoLivenessStore } from "@lg/domain/biometrics/adapters/dynamo-liveness";
import { ConsentService } from "@lg/domain/biometrics/consent";
import { EnrolmentService } from "@lg/domain/biometrics/enrolment-service";
import { SampleLibrary } from "@lg/domain/biometrics/sample-library";
import { S3EvidenceStore } from "@lg/domain/scanning/adapters/s3-evidence";
import { SesMailSender } from "@lg/domain/takedowns/adapters/ses-mail";
import { SnsSmsSender } from "@lg/domain/takedowns/adapters/sns-sms";
import { htmlDocument, textToHtmlParagraphs } from "@lg/notices/text/html";
import { cognito, dynamo, kms, s3, s3Presigner } from "./clients.js";
import { CognitoIdentityProvider } from "./cognito-identity-provider.js";
import { DetectionAnalyser } from "./detection-analyser.js";
import { DynamoAccountStore } from "./dynamo-account-store.js";
import { DynamoRateCounters } from "./dynamo-rate-counters.js";
import { env } from "./env.js";
import { gallerySync } from "./gallery-services.js";
import { KmsDataKeys } from "./kms-data-keys.js";
import { once } from "./once.js";
import { S3BiometricStore } from "./s3-biometric-store.js";
import { scanSchedules } from "./scan-schedules.js";

/** The composition root: adapters and services built once per container, on first use. */
const now = () => new Date();

export const accountStore = once(() => new DynamoAccountStore(dynamo, env().TABLE_NAME));
export const identityProvider = once(
  () => new CognitoIdentityProvider(cognito, { userPoolId: env().USER_POOL_ID, clientId: env().USER_POOL_CLIENT_ID }),
);
const evidenceBucket = () => {
  const bucket = env().EVIDENCE_BUCKET;
  if (!bucket) throw new Error("Invalid environment: EVIDENCE_BUCKET");
  return bucket;
};
export const biometricObjects = once(() => new S3BiometricStore(s3, env().BIOMETRIC_BUCKET, s3Presigner));
export const dataKeys = once(() => new KmsDataKeys(kms, env().BIOMETRIC_KEY_ID));

export const sampleLibrary = once(
  () => new SampleLibrary({ store: accountStore(), objects: biometricObjects(), gallery: gallerySync(), now }),
);
export const consentService = once(() => new ConsentService({ store: accountStore(), now }));
export const rateLimiter = once(() => new RateLimiter(new DynamoRateCounters(dynamo, env().TABLE_NAME), now));
export const authService = once(
  () =>
    new AuthService({
      identity: identityProvider(),
      store: accountStore(),
      limiter: rateLimiter(),
      now,
      ...(env().SESSION_RECHECK_SECONDS !== undefined ? { accountRecheckSeconds: env().SESSION_RECHECK_SECONDS } : {}),
    }),
);
/** Security notices go out as every other message does: SES for email, SNS for text. */
export const securityNotices = once(() => {
  const from = env().MAIL_FROM;
  if (!from) throw new Error("Invalid environment: MAIL_FROM");
  const mail = new SesMailSender(new SESv2Client({}), from);
  const sms = new SnsSmsSender(new SNSClient({}));
  return new SecurityNotices({
    links: new DynamoUndoLinks(dynamo, env().TABLE_NAME),
    channels: {
      email: async ({ to, subject, text }) => {
        await mail.send({ to, subject, text, html: htmlDocument(subject, textToHtmlParagraphs(text)) });
      },
      sms: async (message) => {
        await sms.send(message);
      },
    },
    provider: identityProvider(),
    identity: identityProvider(),
    store: accountStore(),
    limiter: rateLimiter(),
    appUrl: env().APP_URL,
    now,
  });
});

export const accountSecurity = once(
  () =>
    new AccountSecurityService({
      provider: identityProvider(),
      identity: identityProvider(),
      notices: securityNotices(),
      store: accountStore(),
      limiter: rateLimiter(),
      userIdFor: (token) => authService().userIdFor(token),
      now,
    }),
);
export const profileService = once(() => new ProfileService({ store: accountStore(), samples: sampleLibrary(), now }));
/**
 * A scan step that found the account not yet erased finishes its write within this: one evidence
 * package or one threat's few items (tens of milliseconds; seconds under load).
 */
const ERASURE_SETTLE_MS = 3_000;
export const erasureService = once(
  () =>
    new ErasureService({
      store: accountStore(),
      objects: biometricObjects(),
      identity: identityProvider(),
      consent: consentService(),
      evidence: new S3EvidenceStore(s3, evidenceBucket()),
      schedules: scanSchedules,
      // Loaded on use: billing's composition reads this module's stores.
      subscriptions: {
        endFor: async (userId) => (await import("./billing-services.js")).billingService().endSubscription(userId),
      },
      teams: {
        leave: async (userId) => {
          const { teamStore } = await import("./actor.js");
          const membership = await teamStore().membershipOf(userId);
          if (membership) await teamStore().deleteMember(membership.accountId, userId);
        },
      },
      people: {
        deleteProtectionsBy: async (accountId) =>
          (await import("./people-services.js")).peopleService().deleteProtectionsBy(accountId),
      },
      erased: new DynamoErasedAccounts(dynamo, env().TABLE_NAME),
      scans: { stopRunning: async (userId) => (await import("./scan-executions.js")).stopRunningScans(userId) },
      settle: () => new Promise((resolve) => setTimeout(resolve, ERASURE_SETTLE_MS)),
      gallery: gallerySync(),
      now,
    }),
);
export const exportService = once(() => new ExportService({ store: accountStore(), keys: dataKeys(), now }));

export const biometricAnalyser = once(() => new DetectionAnalyser());
export const enrolmentService = once(
  () =>
    new EnrolmentService({
      store: accountStore(),
      objects: biometricObjects(),
      keys: dataKeys(),
      analyser: biometricAnalyser(),
      consent: consentService(),
      samples: sampleLibrary(),
      liveness: new DynamoLivenessStore(dynamo, env().TABLE_NAME),
      gallery: gallerySync(),
      now,
    }),
);
