import { randomUUID } from "node:crypto";
import http from "node:http";
import PostalMime from "postal-mime";
import type { Outbox } from "../outbox/outbox.js";
import { AwsError } from "./aws-error.js";
import { listen, type RunningServer, readBody } from "./http-server.js";
import { sendRestJson, sendRestJsonError } from "./rest-json.js";

interface SendEmailRequest {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
  ReplyToAddresses?: string[];
  Content?: {
    Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } };
    Raw?: { Data?: string };
  };
}

/** SES v2 SendEmail (Simple and Raw content) for the local stack: every email lands in the outbox. */
export function startSesServer(outbox: Outbox): Promise<RunningServer> {
  const server = http.createServer(async (req, res) => {
    try {
      if (req.method === "GET" && req.url?.split("?")[0] === "/v2/email/account") {
        // GetAccount, for health checks: the local account can always send (to the outbox).
        sendRestJson(res, 200, {
          SendingEnabled: true,
          ProductionAccessEnabled: true,
          EnforcementStatus: "HEALTHY",
          SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: outbox.list().length },
        });
        return;
      }
      if (req.method !== "POST" || req.url?.split("?")[0] !== "/v2/email/outbound-emails") {
        throw new AwsError("NotFoundException", `Unsupported SES v2 operation ${req.method} ${req.url}`, 404);
      }
      const input = JSON.parse((await readBody(req)).toString("utf8")) as SendEmailRequest;
      const recipients = [
        ...(input.Destination?.ToAddresses ?? []),
        ...(input.Destination?.CcAddresses ?? []),
        ...(input.Destination?.BccAddresses ?? []),
      ];
      if (input.Content?.Simple) {
        const simple = input.Content.Simple;
        if (recipients.length === 0) throw new AwsError("BadRequestException", "Missing destination");
        outbox.add({
          channel: "email",
          via: "ses",
          from: input.FromEmailAddress,
          to: recipients,
          // Where a platform's reply to a notice goes: kept, so the outbox shows what a recipient sees.
          ...(input.ReplyToAddresses?.length ? { replyTo: input.ReplyToAddresses } : {}),
          subject: simple.Subject?.Data,
          text: simple.Body?.Text?.Data,
          html: simple.Body?.Html?.Data,
        });
      } else if (input.Content?.Raw?.Data) {
        const mail = await PostalMime.parse(Buffer.from(input.Content.Raw.Data, "base64"));
        const headerRecipients = [...(mail.to ?? []), ...(mail.cc ?? [])].flatMap((a) =>
          "address" in a && a.address ? [a.address] : [],
        );
        const to = recipients.length > 0 ? recipients : headerRecipients;
        if (to.length === 0) throw new AwsError("BadRequestException", "Missing destination");
        outbox.add({
          channel: "email",
          via: "ses",
          from: input.FromEmailAddress ?? mail.from?.address,
          to,
          ...(mail.replyTo?.length
            ? { replyTo: mail.replyTo.flatMap((a) => ("address" in a && a.address ? [a.address] : [])) }
            : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((a) => ({
            filename: a.filename ?? "attachment",
            contentType: a.mimeType,
            size: typeof a.content === "string" ? a.content.length : a.content.byteLength,
          })),
        });
      } else {
        throw new AwsError(
          "BadRequestException",
          "Content must be Simple or Raw (templates are not used by the product)",
        );
      }
      sendRestJson(res, 200, { MessageId: randomUUID() });
    } catch (error) {
      sendRestJsonError(res, error);
    }
  });
  return listen(server);
}
