import type { Outbox } from "../outbox/outbox.js";
import { renderVerification, VERIFICATION_MESSAGES } from "./pool-settings.js";

interface CognitoMessage {
  __code?: string;
  emailMessage?: string;
  emailSubject?: string;
  smsMessage?: string;
}

/**
 * cognito-local's MessageSender, delivering codes to the outbox instead of its console, worded with the
 * pool's verification templates as Cognito would send them.
 */
export class OutboxMessageSender {
  constructor(private readonly outbox: Outbox) {}

  async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: CognitoMessage): Promise<void> {
    const code = message.__code ?? "";
    this.outbox.add({
      channel: "email",
      via: "cognito",
      from: "no-reply@verificationemail.com",
      to: [destination],
      subject: message.emailSubject ?? VERIFICATION_MESSAGES.emailSubject,
      text: message.emailMessage ?? renderVerification(VERIFICATION_MESSAGES.emailMessage, code),
    });
  }

  async sendSms(_ctx: unknown, _user: unknown, destination: string, message: CognitoMessage): Promise<void> {
    const code = message.__code ?? "";
    this.outbox.add({
      channel: "sms",
      via: "cognito",
      to: [destination],
      text: message.smsMessage ?? renderVerification(VERIFICATION_MESSAGES.smsMessage, code),
    });
  }
}
