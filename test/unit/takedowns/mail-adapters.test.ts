import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { PublishCommand, SNSClient } from "@aws-sdk/client-sns";
import { SesMailSender } from "@lg/domain/takedowns/adapters/ses-mail";
import { SnsSmsSender } from "@lg/domain/takedowns/adapters/sns-sms";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";

const ses = mockClient(SESv2Client);
const sns = mockClient(SNSClient);

afterEach(() => {
  ses.reset();
  sns.reset();
});

describe("SES and SNS senders", () => {
  it("sends an email with a plain-text and an HTML part from the configured sender, replies to the person", async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: "ses-1" });
    const sender = new SesMailSender(new SESv2Client({ region: "us-east-1" }), "alerts@likenessguard.test");
    const out = await sender.send({
      to: "copyright@reddit.com",
      replyTo: "ada@example.com",
      subject: "DMCA notice",
      text: "plain words",
      html: "<p>plain words</p>",
    });
    expect(out.messageId).toBe("ses-1");
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.FromEmailAddress).toBe("alerts@likenessguard.test");
    expect(input?.Destination?.ToAddresses).toEqual(["copyright@reddit.com"]);
    expect(input?.ReplyToAddresses).toEqual(["ada@example.com"]);
    expect(input?.Content?.Simple?.Body?.Text?.Data).toBe("plain words");
    expect(input?.Content?.Simple?.Body?.Html?.Data).toBe("<p>plain words</p>");
    expect(input?.Content?.Simple?.Subject?.Data).toBe("DMCA notice");
  });

  it("publishes an SMS straight to the phone number as a transactional message", async () => {
    sns.on(PublishCommand).resolves({ MessageId: "sns-1" });
    const sender = new SnsSmsSender(new SNSClient({ region: "us-east-1" }));
    expect(await sender.send({ phoneNumber: "+14155550100", text: "LikenessGuard: alert" })).toEqual({
      messageId: "sns-1",
    });
    const input = sns.commandCalls(PublishCommand)[0]?.args[0].input;
    expect(input?.PhoneNumber).toBe("+14155550100");
    expect(input?.Message).toBe("LikenessGuard: alert");
    expect(input?.MessageAttributes?.["AWS.SNS.SMS.SMSType"]?.StringValue).toBe("Transactional");
  });
});
