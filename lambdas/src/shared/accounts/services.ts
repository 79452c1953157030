import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { SNSClient } from "@aws-sdk/client-sns";
import { AccountSecurityService } from "@lg/domain/accounts/account-security";
import { CognitoIdentityProvider } from "@lg/domain/accounts/adapters/cognito-identity-provider";
import { DynamoAccountStore } from "@lg/domain/accounts/adapters/dynamo-account-store";
import { DynamoRateCounters } from "@lg/domain/accounts/adapters/dynamo-rate-counters";
import { DynamoUndoLinks } from "@lg/domain/accounts/adapters/dynamo-undo-links";
import { AuthService } from "@lg/domain/accounts/auth-service";
import { DestructiveActions } from "@lg/domain/accounts/destructive-actions";
import { RateLimiter } from "@lg/domain/accounts/rate-limits";
import { type NoticeChannels, SecurityNotices } from "@lg/domain/accounts/security-notices";
import { SesMailSender } from "@lg/domain/takedowns/adapters/ses-mail";
import { SnsSmsSender } from "@lg/domain/takedowns/adapters/sns-sms";
import { DynamoTeamStore } from "@lg/domain/team/adapters/dynamo-team-store";
import { AuditLog } from "@lg/domain/team/audit-log";
import type { InvitationMailer } from "@lg/domain/team/ports";
import { TeamService } from "@lg/domain/team/team-service";
import { htmlDocument, textToHtmlParagraphs } from "@lg/notices/text/html";
import { awsClient, cognito, dynamo } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";

/**
 * The accounts context's composition: the account store every other context reads, sign-in,
 * sessions, limits and security notices; the team (memberships, which account a signed-in person
 * acts on, the audit log every context writes to, invitations). At the bottom of the wiring
 * (docs/architecture.md): it imports no other context.
 */
const now = () => new Date();

export const accountStore = once(() => new DynamoAccountStore(dynamo, env().TABLE_NAME));
export const identityProvider = once(
  () => new CognitoIdentityProvider(cognito, { userPoolId: env().USER_POOL_ID, clientId: env().USER_POOL_CLIENT_ID }),
);
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
/** Messages to the account's own contact go out as every other message does: SES for email, SNS for text. */
export const accountChannels = once((): NoticeChannels => {
  const from = env().MAIL_FROM;
  if (!from) throw new Error("Invalid environment: MAIL_FROM");
  const mail = new SesMailSender(awsClient(SESv2Client), from);
  const sms = new SnsSmsSender(awsClient(SNSClient));
  return {
    email: async ({ to, subject, text }) => {
      await mail.send({ to, subject, text, html: htmlDocument(subject, textToHtmlParagraphs(text)) });
    },
    sms: async (message) => {
      await sms.send(message);
    },
  };
});

export const securityNotices = once(() => {
  return new SecurityNotices({
    links: new DynamoUndoLinks(dynamo, env().TABLE_NAME),
    channels: accountChannels(),
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

/** Fresh proof, and word to every contact, before an export of biometrics or an erasure. */
export const destructiveActions = once(
  () =>
    new DestructiveActions({
      identity: identityProvider(),
      limiter: rateLimiter(),
      store: accountStore(),
      channels: accountChannels(),
      now,
    }),
);

// The team: memberships, the audit log, invitations.
const ses = () => awsClient(SESv2Client);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The invitation email: plain text and HTML with the same words, through SES (the outbox locally). */
const invitationMailer: InvitationMailer = {
  async sendInvitation({ to, link, inviter, role }) {
    const from = env().MAIL_FROM;
    if (!from) throw new Error("Invalid environment: MAIL_FROM");
    const subject = "You are invited to a LikenessGuard team";
    const text = `${inviter} invited you to their LikenessGuard team as ${role === "admin" ? "an admin" : "an analyst"}.\n\nOpen this link to join (it works for 7 days, for this address only):\n${link}\n\nIf you did not expect this, ignore this email.`;
    const html = `<p>${escapeHtml(inviter)} invited you to their LikenessGuard team as ${role === "admin" ? "an admin" : "an analyst"}.</p><p><a href="${escapeHtml(link)}">Join the team</a> (the link works for 7 days, for this address only).</p><p>If you did not expect this, ignore this email.</p>`;
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: subject, Charset: "UTF-8" },
            Body: { Text: { Data: text, Charset: "UTF-8" }, Html: { Data: html, Charset: "UTF-8" } },
          },
        },
      }),
    );
  },
};

export const teamStore = once(() => new DynamoTeamStore(dynamo, env().TABLE_NAME));
export const auditLog = once(() => new AuditLog(teamStore(), now));
export const teamService = once(
  () =>
    new TeamService({ store: teamStore(), audit: auditLog(), mailer: invitationMailer, appUrl: env().APP_URL, now }),
);
