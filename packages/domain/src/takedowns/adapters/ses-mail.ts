import { type SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import type { AlertEmailSender, NoticeSender, OutgoingNoticeEmail, RenderedEmail } from "@lg/notices";

type Mail = RenderedEmail & { to: string; replyTo?: string };

/** SES v2 SendEmail with Simple content: a plain-text and an HTML part carrying the same words. */
export class SesMailSender implements NoticeSender, AlertEmailSender {
  constructor(
    private readonly ses: SESv2Client,
    private readonly from: string,
  ) {}

  async send(message: Mail | OutgoingNoticeEmail): Promise<{ messageId: string }> {
    const out = await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [message.to] },
        ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: "UTF-8" },
            Body: {
              Text: { Data: message.text, Charset: "UTF-8" },
              Html: { Data: message.html, Charset: "UTF-8" },
            },
          },
        },
      }),
    );
    return { messageId: out.MessageId ?? "" };
  }
}
