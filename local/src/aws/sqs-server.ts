import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AwsError } from "./aws-error.js";
import type { RunningServer } from "./http-server.js";
import { startJsonRpcServer } from "./json-rpc-server.js";

const ACCOUNT = "000000000000";
const REGION = "us-east-1";

interface StoredMessage {
  messageId: string;
  body: string;
  receiveCount: number;
  /** Epoch ms from which the message may be received (delay or visibility timeout). */
  visibleAt: number;
  sentAt: number;
  receiptHandle?: string;
}

interface QueueState {
  name: string;
  visibilityTimeoutSeconds: number;
  /** SQS's redrive policy: a message received more than maxReceiveCount times moves to this queue. */
  redrive?: { deadLetterQueue: string; maxReceiveCount: number };
  messages: StoredMessage[];
}

export interface ReceivedMessage {
  messageId: string;
  receiptHandle: string;
  body: string;
  md5OfBody: string;
  receiveCount: number;
  sentAt: number;
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/**
 * SQS for the local stack: standard queues with delays, visibility timeouts, receive counts and a
 * redrive policy to a dead-letter queue, kept in a file under the data dir so messages survive a
 * restart. Handlers reach it with the AWS SDK's JSON protocol; the event source (sqs-event-source.ts)
 * receives from it in-process, as Lambda's event source mapping does.
 */
export class LocalSqs {
  private readonly file: string;
  private readonly queues = new Map<string, QueueState>();
  url = "";

  constructor(
    dir: string,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, "queues.json");
    if (existsSync(this.file))
      for (const q of JSON.parse(readFileSync(this.file, "utf8")) as QueueState[]) this.queues.set(q.name, q);
  }

  ensureQueue(name: string, options: { visibilityTimeoutSeconds: number; redrive?: QueueState["redrive"] }) {
    const existing = this.queues.get(name);
    this.queues.set(name, { name, messages: existing?.messages ?? [], ...options });
    this.save();
    return this.urlOf(name);
  }

  urlOf = (name: string) => `${this.url}/${ACCOUNT}/${name}`;
  arnOf = (name: string) => `arn:aws:sqs:${REGION}:${ACCOUNT}:${name}`;

  send(queueName: string, body: string, delaySeconds = 0): string {
    const messageId = randomUUID();
    const at = this.now();
    this.queue(queueName).messages.push({
      messageId,
      body,
      receiveCount: 0,
      visibleAt: at + delaySeconds * 1000,
      sentAt: at,
    });
    this.save();
    return messageId;
  }

  /** Visible messages, each hidden for the visibility timeout; one received too often goes to the dead-letter queue. */
  receive(queueName: string, max: number, visibilityTimeoutSeconds?: number): ReceivedMessage[] {
    const queue = this.queue(queueName);
    const at = this.now();
    const received: ReceivedMessage[] = [];
    for (const message of [...queue.messages]) {
      if (received.length >= max) break;
      if (message.visibleAt > at) continue;
      if (queue.redrive && message.receiveCount >= queue.redrive.maxReceiveCount) {
        queue.messages.splice(queue.messages.indexOf(message), 1);
        const { receiptHandle: _r, ...kept } = message;
        this.queue(queue.redrive.deadLetterQueue).messages.push({ ...kept, visibleAt: at });
        continue;
      }
      message.receiveCount += 1;
      message.receiptHandle = randomUUID();
      message.visibleAt = at + (visibilityTimeoutSeconds ?? queue.visibilityTimeoutSeconds) * 1000;
      received.push({
        messageId: message.messageId,
        receiptHandle: message.receiptHandle,
        body: message.body,
        md5OfBody: md5(message.body),
        receiveCount: message.receiveCount,
        sentAt: message.sentAt,
      });
    }
    this.save();
    return received;
  }

  delete(queueName: string, receiptHandle: string): void {
    const queue = this.queue(queueName);
    queue.messages = queue.messages.filter((m) => m.receiptHandle !== receiptHandle);
    this.save();
  }

  changeVisibility(queueName: string, receiptHandle: string, seconds: number): void {
    const message = this.queue(queueName).messages.find((m) => m.receiptHandle === receiptHandle);
    if (!message) throw new AwsError("ReceiptHandleIsInvalid", "The receipt handle is not valid");
    message.visibleAt = this.now() + seconds * 1000;
    this.save();
  }

  /** Bodies of the messages a queue holds (the dead-letter queue's, for tests and operators). */
  peek(queueName: string): string[] {
    return this.queue(queueName).messages.map((m) => m.body);
  }

  queue(name: string): QueueState {
    const queue = this.queues.get(name);
    if (!queue) throw new AwsError("AWS.SimpleQueueService.NonExistentQueue", `The queue ${name} does not exist`);
    return queue;
  }

  nameOf(queueUrl: unknown): string {
    const name =
      String(queueUrl ?? "")
        .split("/")
        .pop() ?? "";
    this.queue(name);
    return name;
  }

  private save() {
    writeFileSync(this.file, JSON.stringify([...this.queues.values()]));
  }
}

/** The SQS JSON protocol (AmazonSQS.<Action>), the subset handlers and the health check use. */
export async function startSqsServer(sqs: LocalSqs): Promise<RunningServer> {
  const server = await startJsonRpcServer({
    targetPrefix: "AmazonSQS",
    contentType: "application/x-amz-json-1.0",
    actions: {
      SendMessage: async (input) => {
        const body = String(input.MessageBody ?? "");
        const messageId = sqs.send(sqs.nameOf(input.QueueUrl), body, Number(input.DelaySeconds ?? 0));
        return { MessageId: messageId, MD5OfMessageBody: md5(body) };
      },
      ReceiveMessage: async (input) => ({
        Messages: sqs
          .receive(
            sqs.nameOf(input.QueueUrl),
            Number(input.MaxNumberOfMessages ?? 1),
            input.VisibilityTimeout === undefined ? undefined : Number(input.VisibilityTimeout),
          )
          .map((m) => ({
            MessageId: m.messageId,
            ReceiptHandle: m.receiptHandle,
            Body: m.body,
            MD5OfBody: m.md5OfBody,
            Attributes: { ApproximateReceiveCount: String(m.receiveCount), SentTimestamp: String(m.sentAt) },
          })),
      }),
      DeleteMessage: async (input) => {
        sqs.delete(sqs.nameOf(input.QueueUrl), String(input.ReceiptHandle));
        return {};
      },
      ChangeMessageVisibility: async (input) => {
        sqs.changeVisibility(sqs.nameOf(input.QueueUrl), String(input.ReceiptHandle), Number(input.VisibilityTimeout));
        return {};
      },
      GetQueueUrl: async (input) => ({ QueueUrl: sqs.urlOf(sqs.nameOf(String(input.QueueName))) }),
      GetQueueAttributes: async (input) => {
        const queue = sqs.queue(sqs.nameOf(input.QueueUrl));
        const at = Date.now();
        return {
          Attributes: {
            QueueArn: sqs.arnOf(queue.name),
            ApproximateNumberOfMessages: String(queue.messages.filter((m) => m.visibleAt <= at).length),
            ApproximateNumberOfMessagesNotVisible: String(queue.messages.filter((m) => m.visibleAt > at).length),
            VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
          },
        };
      },
    },
  });
  sqs.url = server.url;
  return server;
}
