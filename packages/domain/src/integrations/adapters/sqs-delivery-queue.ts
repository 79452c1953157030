import { SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import type { DeliveryMessage, DeliveryQueue } from "../webhooks.js";

/** Webhook deliveries as SQS messages; retries and the dead-letter queue are the queue's (redrive policy). */
export class SqsDeliveryQueue implements DeliveryQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async enqueue(message: DeliveryMessage) {
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(message) }));
  }
}
