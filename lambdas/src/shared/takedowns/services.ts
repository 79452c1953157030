import { randomUUID } from "node:crypto";
import { SESv2Client } from "@aws-sdk/client-sesv2";
import { SNSClient } from "@aws-sdk/client-sns";
import { isServerVerified, searchedInScans } from "@lg/domain/biometrics/enrolment-verification";
import { DynamoAutomationOutcomes } from "@lg/domain/takedowns/adapters/dynamo-automation-outcomes";
import { DynamoAlertRepository, DynamoNoticeRepository } from "@lg/domain/takedowns/adapters/dynamo-takedowns";
import { pageContentFetcher } from "@lg/domain/takedowns/adapters/page-content-fetcher";
import { SesMailSender } from "@lg/domain/takedowns/adapters/ses-mail";
import { SnsSmsSender } from "@lg/domain/takedowns/adapters/sns-sms";
import { AlertService } from "@lg/domain/takedowns/alert-service";
import { AutomaticTakedown } from "@lg/domain/takedowns/automatic-takedown";
import { DigestService } from "@lg/domain/takedowns/digest-service";
import { NoticeService } from "@lg/domain/takedowns/notice-service";
import type { PersonRecords } from "@lg/domain/takedowns/ports";
import { TakedownCentre } from "@lg/domain/takedowns/takedown-centre";
import { TakedownTracker } from "@lg/domain/takedowns/takedown-tracker";
import { type ContentFetcher, defaultRecipientDirectory } from "@lg/notices";
import { accountStore } from "../accounts/services.js";
import { awsClient, dynamo } from "../aws/clients.js";
import { sampleLibrary } from "../biometrics/services.js";
import { connectorConfig } from "../connectors/services.js";
import { publishEvent } from "../integrations/services.js";
import { once } from "../once.js";
import { peopleService } from "../people/services.js";
import { pushFanOut } from "../push/services.js";
import { threatRepository } from "../threats/services.js";
import { takedownResolvedEvents, threatUpdatedEvents } from "../threats/threat-events.js";
import { env } from "./env.js";

const now = () => new Date();
const DAY_MS = 24 * 60 * 60 * 1000;
/** A capture of a removed page or media never needs more than this to tell "gone" from "still there". */
const CHECK_MAX_BYTES = 10 * 1024 * 1024;
/** A page carrying more media than this is not listed; the case then stays open rather than be guessed. */
const CHECK_MAX_MEDIA = 12;

export const ses = awsClient(SESv2Client);
export const sns = awsClient(SNSClient);

const mailFrom = () => {
  const from = env().MAIL_FROM;
  if (!from) throw new Error("Invalid environment: MAIL_FROM");
  return from;
};

const directory = once(() => defaultRecipientDirectory());
const sesMail = once(() => new SesMailSender(ses, mailFrom()));
/** Resolved on first send: Prepare composes notices without mail permissions or MAIL_FROM. */
const mail = once(() => ({ send: (message: Parameters<SesMailSender["send"]>[0]) => sesMail().send(message) }));
export const noticeRepository = once(() => new DynamoNoticeRepository(dynamo, env().TABLE_NAME));
export const alertRepository = once(() => new DynamoAlertRepository(dynamo, env().TABLE_NAME));

const people = once(
  (): PersonRecords => ({
    getProfile: (userId) => accountStore().getProfile(userId),
    enrolledSamples: async (userId) =>
      (await sampleLibrary().activeSamples(userId)).map((s) => ({
        sampleId: s.sampleId,
        modality: s.modality,
        createdAt: s.createdAt,
        source: s.source,
        ...(s.mediaSha256 ? { mediaSha256: s.mediaSha256 } : {}),
        ...(s.perceptualHash ? { perceptualHash: s.perceptualHash } : {}),
        verified: isServerVerified(s),
        searched: searchedInScans(s),
        ...(s.verificationLapsed ? { lapsed: true } : {}),
        ...(s.reviewStatus ? { underReview: true } : {}),
      })),
    protectedMember: async (accountId, personId) =>
      (await peopleService().scannedMembers(accountId)).find((m) => m.personId === personId) ?? null,
  }),
);

/** The connectors' safe fetcher (SSRF rules, size limit) sees the URL as any visitor would: status, media, a page's media. */
const contentFetcher = once(
  (): ContentFetcher =>
    pageContentFetcher(connectorConfig().http, {
      maxBytes: CHECK_MAX_BYTES,
      maxMedia: CHECK_MAX_MEDIA,
    }),
);

export const noticeService = once(
  () =>
    new NoticeService({
      threats: threatRepository(),
      people: people(),
      notices: noticeRepository(),
      sender: mail(),
      personMail: mail(),
      directory: directory(),
      appUrl: env().APP_URL,
      now,
      newId: randomUUID,
      events: { noticeSent: (userId, notice) => publishEvent(userId, "takedown.sent", { ...notice }), ...events() },
    }),
);

export const alertService = once(
  () =>
    new AlertService({
      alerts: alertRepository(),
      email: mail(),
      sms: new SnsSmsSender(sns),
      push: pushFanOut(),
      directory: directory(),
      appUrl: env().APP_URL,
      now,
      newId: randomUUID,
    }),
);

export const takedownTracker = once(
  () =>
    new TakedownTracker({
      notices: noticeRepository(),
      threats: threatRepository(),
      people: people(),
      fetcher: contentFetcher(),
      personMail: mail(),
      directory: directory(),
      appUrl: env().APP_URL,
      now,
      newId: randomUUID,
      events: events(),
    }),
);

export const automationOutcomes = once(() => new DynamoAutomationOutcomes(dynamo, env().TABLE_NAME));

export const automaticTakedown = once(
  () =>
    new AutomaticTakedown({
      notices: noticeService(),
      threats: threatRepository(),
      outcomes: automationOutcomes(),
      now,
    }),
);

export const takedownCentre: () => TakedownCentre = once(
  () =>
    new TakedownCentre({
      notices: noticeRepository(),
      threats: threatRepository(),
      automation: automationOutcomes(),
      now,
      newId: randomUUID,
      events: events(),
    }),
);

/** threat.updated and takedown.resolved for the account's webhooks, told where threats and notices change. */
const events = once(() => ({
  ...threatUpdatedEvents((userId, threatId) => threatRepository().get(userId, threatId)),
  ...takedownResolvedEvents((userId, noticeId) => takedownCentre().get(userId, noticeId)),
}));

export const digestService = once(
  () =>
    new DigestService({
      alerts: alertRepository(),
      threats: threatRepository(),
      people: people(),
      email: mail(),
      push: pushFanOut(),
      directory: directory(),
      appUrl: env().APP_URL,
      now,
      runIntervalMs: DAY_MS,
    }),
);

export const takedownStateMachineArn = () => {
  const arn = env().TAKEDOWN_STATE_MACHINE_ARN;
  if (!arn) throw new Error("Invalid environment: TAKEDOWN_STATE_MACHINE_ARN");
  return arn;
};
