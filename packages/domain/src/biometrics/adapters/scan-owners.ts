import { type DynamoDBDocumentClient, ScanCommand, type ScanCommandInput } from "@aws-sdk/lib-dynamodb";

/**
 * The user ids of the items a filtered scan of the whole table finds, each once, page by page: how
 * a one-off migration after a deploy learns whom to visit, where no request path needs an index.
 */
export async function* scanOwners(
  doc: DynamoDBDocumentClient,
  scan: Omit<ScanCommandInput, "ExclusiveStartKey" | "ProjectionExpression">,
): AsyncIterable<string> {
  const seen = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        ...scan,
        ExpressionAttributeNames: { ...scan.ExpressionAttributeNames, "#userId": "userId" },
        ProjectionExpression: "#userId",
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const userId = item.userId as string | undefined;
      if (userId && !seen.has(userId)) {
        seen.add(userId);
        yield userId;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
