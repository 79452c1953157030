import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Outbox } from "../outbox/outbox.js";
import { listen, type RunningServer, readBody } from "./http-server.js";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const queryError = (res: http.ServerResponse, code: string, message: string) => {
  res.writeHead(400, { "content-type": "text/xml" });
  res.end(
    `<ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
};

/**
 * SNS Publish to phone numbers (the AWS query protocol) for the local stack: every SMS lands in the outbox.
 * Topics are not used by the product, so publishing to one is refused rather than silently dropped.
 */
export function startSnsServer(outbox: Outbox): Promise<RunningServer> {
  const server = http.createServer(async (req, res) => {
    const params = new URLSearchParams((await readBody(req)).toString("utf8"));
    if (params.get("Action") === "GetSMSAttributes") {
      // For health checks: the local account's SMS settings (every text goes to the outbox).
      res.writeHead(200, { "content-type": "text/xml" });
      res.end(
        `<GetSMSAttributesResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><GetSMSAttributesResult><attributes><entry><key>DefaultSMSType</key><value>Transactional</value></entry></attributes></GetSMSAttributesResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></GetSMSAttributesResponse>`,
      );
      return;
    }
    if (params.get("Action") !== "Publish") {
      queryError(res, "InvalidAction", `Unsupported SNS action ${params.get("Action")}`);
      return;
    }
    const phone = params.get("PhoneNumber");
    const message = params.get("Message");
    if (!phone || !/^\+[1-9]\d{6,14}$/.test(phone)) {
      queryError(res, "InvalidParameter", "Invalid parameter: PhoneNumber must be in E.164 format");
      return;
    }
    if (!message) {
      queryError(res, "InvalidParameter", "Invalid parameter: Empty message");
      return;
    }
    outbox.add({ channel: "sms", via: "sns", to: [phone], subject: params.get("Subject") ?? undefined, text: message });
    res.writeHead(200, { "content-type": "text/xml" });
    res.end(
      `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${randomUUID()}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
    );
  });
  return listen(server);
}
