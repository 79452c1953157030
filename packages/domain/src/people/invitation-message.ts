import { escapeHtml, htmlDocument } from "@lg/notices/text/html";
import { INVITATION_VALID_DAYS } from "./invitation-token.js";

export const invitationLink = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, "")}/invite/${token}`;

/**
 * The invitation in the words it is sent in: what accepting means, that nothing happens without
 * consent. No words of the inviter's, in the email as in the text: an account name or a display name
 * would let anyone send any words to any address under our sender (a phishing channel). The link's
 * page says who invites (POST /api/people/invitations/preview).
 */
export function invitationMessage(input: { link: string }) {
  const subject = "You are invited to LikenessGuard protection";
  const lines = [
    "Hello,",
    "A LikenessGuard account would like LikenessGuard to watch for deepfakes, voice clones and impersonations of you. The link's page says which account invites you.",
    "No photo, recording or face and voice data of yours is stored and no scan looks for you unless you accept, give your own biometric consent and enrol your face or voice. You can see and delete your data and withdraw at any time; the account never sees your photos, recordings or face and voice data.",
    `Open this link to see who invites you and to accept (it works once, for ${INVITATION_VALID_DAYS} days): ${input.link}`,
    "If you did not expect this, ignore this message: nothing happens without you.",
  ];
  const text = lines.join("\n\n");
  const html = htmlDocument(
    subject,
    lines
      .slice(0, 3)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join("") +
      `<p><a href="${escapeHtml(input.link)}">See who invites you and accept</a> (it works once, for ${INVITATION_VALID_DAYS} days)</p>` +
      `<p>${escapeHtml(lines[4] ?? "")}</p>`,
  );
  const sms = `You are invited to LikenessGuard protection. Nothing is stored unless you accept and consent. See who invites you and accept within ${INVITATION_VALID_DAYS} days: ${input.link}`;
  return { subject, text, html, sms };
}
