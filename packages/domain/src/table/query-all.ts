import { type DynamoDBDocumentClient, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";

/** Every item a query matches, following LastEvaluatedKey page after page. */
export async function queryAll(
  doc: DynamoDBDocumentClient,
  input: ConstructorParameters<typeof QueryCommand>[0],
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...((page.Items ?? []) as Record<string, unknown>[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every item a scan matches, page after page, as they come (a migration's pass over the table). */
export async function* scanAll(
  doc: DynamoDBDocumentClient,
  input: ConstructorParameters<typeof ScanCommand>[0],
): AsyncIterable<Record<string, unknown>> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ ...input, ExclusiveStartKey }));
    yield* (page.Items ?? []) as Record<string, unknown>[];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
