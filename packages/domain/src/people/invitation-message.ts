import { escapeHtml, htmlDocument } from "@lg/notices/text/html";
import { INVITATION_VALID_DAYS } from "./invitation-token.js";

export const invitationLink = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, "")}/invite/${token}`;

/** The invitation in the words it is sent in: who invites, what accepting means, that nothing happens without consent. */
export function invitationMessage(input: { accountName: string; displayName: string; link: string }) {
  const subject = `${input.accountName} invites you to LikenessGuard protection`;
  const lines = [
    `Hello ${input.displayName},`,
    `${input.accountName} would like LikenessGuard to watch for deepfakes, voice clones and impersonations of you.`,
    "No photo, recording or face and voice data of yours is stored and no scan looks for you unless you accept, give your own biometric consent and enrol your face or voice. You can see and delete your data and withdraw at any time; the account never sees your photos, recordings or face and voice data.",
    `Open this link to accept (it works once, for ${INVITATION_VALID_DAYS} days): ${input.link}`,
    "If you did not expect this, ignore this message: nothing happens without you.",
  ];
  const text = lines.join("\n\n");
  const html = htmlDocument(
    subject,
    lines
      .slice(0, 3)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join("") +
      `<p><a href="${escapeHtml(input.link)}">Accept the invitation</a> (it works once, for ${INVITATION_VALID_DAYS} days)</p>` +
      `<p>${escapeHtml(lines[4] ?? "")}</p>`,
  );
  // No words of the inviter's in a text: a name field would let anyone text anything to any number
  // under our sender. The link's page says who invites (POST /api/people/invitations/preview).
  const sms = `You are invited to LikenessGuard protection. Nothing is stored unless you accept and consent. See who invites you and accept within ${INVITATION_VALID_DAYS} days: ${input.link}`;
  return { subject, text, html, sms };
}
