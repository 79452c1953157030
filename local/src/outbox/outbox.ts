import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** What the push-service stand-in saw of one Web Push message. */
export interface PushDelivery {
  ciphertextBytes: number;
  /** The aes128gcm body as received (base64url), for whoever holds the subscription's keys. */
  body: string;
  ttl: number;
  urgency: string;
  topic?: string;
  /** The verified VAPID claims and the key that signed them. */
  vapid: { aud: string; exp: number; sub?: string; k: string };
  /** True when the stand-in issued the subscription's keys and so could decrypt `text`. */
  decryptedHere: boolean;
}

export interface OutboxMessage {
  id: string;
  channel: "email" | "sms" | "push";
  /** Which stand-in delivered it: ses, sns, cognito or the push service. */
  via: "ses" | "sns" | "cognito" | "push";
  from?: string;
  to: string[];
  /** The email's Reply-To addresses, as SES was asked to set them. */
  replyTo?: string[];
  subject?: string;
  text?: string;
  html?: string;
  attachments?: { filename: string; contentType: string; size: number }[];
  push?: PushDelivery;
  sentAt: string;
}

/**
 * Where every email, SMS and Web Push message of the local stack lands, so a person can read sign-up codes, alerts and
 * notices in the browser. Append-only JSON lines in the data dir, so messages survive restarts.
 */
export class Outbox {
  private readonly file: string;
  private readonly messages: OutboxMessage[];

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, "messages.jsonl");
    this.messages = existsSync(this.file)
      ? readFileSync(this.file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as OutboxMessage)
      : [];
  }

  add(message: Omit<OutboxMessage, "id" | "sentAt">): OutboxMessage {
    const stored: OutboxMessage = { id: randomUUID(), sentAt: new Date().toISOString(), ...message };
    appendFileSync(this.file, `${JSON.stringify(stored)}\n`);
    this.messages.push(stored);
    return stored;
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    return [...this.messages].reverse();
  }
}
