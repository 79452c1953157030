import { PublishCommand, type SNSClient } from "@aws-sdk/client-sns";
import type { AlertSmsSender } from "@lg/notices";

/** SNS Publish straight to a phone number; alerts are transactional, not marketing. */
export class SnsSmsSender implements AlertSmsSender {
  constructor(private readonly sns: SNSClient) {}

  async send(message: { phoneNumber: string; text: string }): Promise<{ messageId: string }> {
    const out = await this.sns.send(
      new PublishCommand({
        PhoneNumber: message.phoneNumber,
        Message: message.text,
        MessageAttributes: {
          "AWS.SNS.SMS.SMSType": { DataType: "String", StringValue: "Transactional" },
        },
      }),
    );
    return { messageId: out.MessageId ?? "" };
  }
}
