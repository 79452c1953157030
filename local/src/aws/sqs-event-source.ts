import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import type { LocalSqs } from "./sqs-server.js";

export interface EventSourceOptions {
  sqs: LocalSqs;
  queue: string;
  batchSize: number;
  /** The consumer's timeout: a received message stays hidden this long unless the consumer says otherwise. */
  visibilityTimeoutSeconds: number;
  invoke(event: SQSEvent): Promise<unknown>;
  pollMs?: number;
}

/**
 * Lambda's SQS event source mapping, locally: polls the queue, hands each batch to the consumer as an
 * SQS event, deletes the messages it did not report as failures (ReportBatchItemFailures), and leaves
 * every message of a batch whose invocation threw, as Lambda does.
 */
export function startSqsEventSource(options: EventSourceOptions): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    const messages = options.sqs.receive(options.queue, options.batchSize, options.visibilityTimeoutSeconds);
    if (messages.length === 0) return;
    const event: SQSEvent = {
      Records: messages.map((m) => ({
        messageId: m.messageId,
        receiptHandle: m.receiptHandle,
        body: m.body,
        attributes: {
          ApproximateReceiveCount: String(m.receiveCount),
          SentTimestamp: String(m.sentAt),
          SenderId: "000000000000",
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: m.md5OfBody,
        eventSource: "aws:sqs",
        eventSourceARN: options.sqs.arnOf(options.queue),
        awsRegion: "us-east-1",
      })),
    };
    try {
      const response = (await options.invoke(event)) as SQSBatchResponse | undefined;
      const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      for (const m of messages) if (!failed.has(m.messageId)) options.sqs.delete(options.queue, m.receiptHandle);
    } catch (error) {
      console.error(`[sqs] ${options.queue} consumer failed: ${(error as Error).message}`);
    }
  };
  const loop = async () => {
    if (stopped) return;
    await poll().catch((error: unknown) => console.error(`[sqs] ${options.queue}: ${(error as Error).message}`));
    if (!stopped) timer = setTimeout(loop, options.pollMs ?? 200);
  };
  void loop();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
