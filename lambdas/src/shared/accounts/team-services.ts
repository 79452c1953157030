import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { DynamoTeamStore } from "@lg/domain/team/adapters/dynamo-team-store";
import { AuditLog } from "@lg/domain/team/audit-log";
import type { InvitationMailer } from "@lg/domain/team/ports";
import { TeamService } from "@lg/domain/team/team-service";
import { awsClient, dynamo } from "../aws/clients.js";
import { once } from "../once.js";
import { env } from "./env.js";

/**
 * The team context: memberships (which account a signed-in person acts on), the audit log every
 * context writes to, invitations. It imports no other context.
 */

const now = () => new Date();
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
