import { SESv2Client } from "@aws-sdk/client-sesv2";
import { SNSClient } from "@aws-sdk/client-sns";
import { DynamoBillingStore } from "@lg/domain/billing/adapters/dynamo-billing-store";
import { DynamoPeopleStore } from "@lg/domain/people/adapters/dynamo-people-store";
import { PeopleService } from "@lg/domain/people/people-service";
import type { InvitationSender } from "@lg/domain/people/ports";
import { DynamoNoticeRepository } from "@lg/domain/takedowns/adapters/dynamo-takedowns";
import { SesMailSender } from "@lg/domain/takedowns/adapters/ses-mail";
import { SnsSmsSender } from "@lg/domain/takedowns/adapters/sns-sms";
import { DynamoThreatRepository } from "@lg/domain/threats/adapters/dynamo-threats";
import { accountStore, auditLog, rateLimiter } from "../accounts/services.js";
import { awsClient, dynamo } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";

const mailFrom = () => {
  const from = env().MAIL_FROM;
  if (!from) throw new Error("Invalid environment: MAIL_FROM");
  return from;
};

const mail = once(() => new SesMailSender(awsClient(SESv2Client), mailFrom()));
const sms = once(() => new SnsSmsSender(awsClient(SNSClient)));

/** Invitations leave as every other message does: SES for email, SNS for text (resolved on first send, so scans need neither). */
const invitationSender: InvitationSender = {
  email: async (message) => {
    await mail().send(message);
  },
  sms: async (message) => {
    await sms().send(message);
  },
};

export const peopleStore = once(() => new DynamoPeopleStore(dynamo, env().TABLE_NAME));

export const peopleService = once(() => {
  const threats = new DynamoThreatRepository(dynamo, env().TABLE_NAME);
  const notices = new DynamoNoticeRepository(dynamo, env().TABLE_NAME);
  // Billing's record read straight from the table: the people handlers need no Stripe keys (the billing context).
  const billing = new DynamoBillingStore(dynamo, env().TABLE_NAME, () => new Date());
  return new PeopleService({
    people: peopleStore(),
    accounts: accountStore(),
    sender: invitationSender,
    threats: {
      list: async (accountId) =>
        (await threats.list(accountId)).map((t) => ({
          id: t.id,
          personId: t.personId,
          status: t.status,
          threatType: t.threatType,
          platform: t.platform,
          createdAt: t.createdAt,
          ...(t.title ? { title: t.title } : {}),
        })),
    },
    notices: {
      list: async (accountId) =>
        (await notices.listForUser(accountId)).map((n) => ({
          noticeId: n.noticeId,
          threatId: n.threatId,
          route: n.route,
          status: n.status,
          createdAt: n.createdAt,
        })),
    },
    audit: auditLog(),
    limiter: rateLimiter(),
    purchasedPlaces: async (accountId) => (await billing.getAccount(accountId))?.protectedPeople,
    appUrl: env().APP_URL,
    now: () => new Date(),
  });
});
