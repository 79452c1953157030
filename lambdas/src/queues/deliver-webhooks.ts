import type { DeliveryMessage } from "@lg/domain/integrations/webhooks";
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent } from "aws-lambda";
import { retryAfter, webhookService } from "../shared/integrations/services.js";

/**
 * The webhook queue's consumer: one attempt per message. A failed attempt hides its message until
 * the next try (exponential back-off as visibility timeouts) and is reported as a batch item failure,
 * so the queue keeps it; after the last attempt the redrive policy moves it to the dead-letter queue.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchItemFailure[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const outcome = await webhookService().deliver(
        JSON.parse(record.body) as DeliveryMessage,
        Number(record.attributes.ApproximateReceiveCount),
      );
      if (outcome.kind === "retry") await retryAfter(record.receiptHandle, outcome.afterSeconds);
      // The last attempt failed: visible at once, so the redrive policy moves it on at the next receive.
      if (outcome.kind === "dead") await retryAfter(record.receiptHandle, 0);
      if (outcome.kind === "retry" || outcome.kind === "dead") failures.push({ itemIdentifier: record.messageId });
    }),
  );
  return { batchItemFailures: failures };
};
