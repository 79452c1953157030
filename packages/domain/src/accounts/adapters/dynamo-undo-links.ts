import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { AccountChangeUndo } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import type { UndoLinks, UndoRecord } from "../security-notices.js";

export class DynamoUndoLinks implements UndoLinks {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async put(record: UndoRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(AccountChangeUndo, record) }));
  }

  /** One delete that returns what it deleted: of two clicks on one link, one undoes. */
  async take(userId: string, secretHash: string) {
    const out = await this.doc.send(
      new DeleteCommand({
        TableName: this.tableName,
        Key: AccountChangeUndo.key({ userId, secretHash }),
        ReturnValues: "ALL_OLD",
      }),
    );
    return out.Attributes ? fromItem(AccountChangeUndo, out.Attributes) : null;
  }
}
