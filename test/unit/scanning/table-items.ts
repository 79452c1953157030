import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { AwsStub } from "aws-sdk-client-mock";

/** The mocked table as a map of put items by key, answering gets by key: enough for a cache's adapter. */
// biome-ignore lint/suspicious/noExplicitAny: the stub's input and output types are the document client's own
export function tableItems(table: AwsStub<any, any, DynamoDBDocumentClient["config"]>) {
  const items = new Map<string, Record<string, unknown>>();
  table.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
    items.set(`${input.Item.pk}|${input.Item.sk}`, input.Item);
    return {};
  });
  table.on(GetCommand).callsFake((input: { Key: { pk: string; sk: string } }) => ({
    Item: items.get(`${input.Key.pk}|${input.Key.sk}`),
  }));
  return items;
}
