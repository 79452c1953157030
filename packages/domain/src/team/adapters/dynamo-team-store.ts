import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from "@aws-sdk/lib-dynamodb";
import { AccountAuditEntry, TeamInvitation, TeamMember } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import type { AuditEntryRecord, AuditStore, TeamInvitationRecord, TeamMemberRecord, TeamStore } from "../ports.js";

export class DynamoTeamStore implements TeamStore, AuditStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async membershipOf(userId: string) {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :pk",
        ExpressionAttributeValues: { ":pk": `MEMBER#${userId}` },
        Limit: 1,
      }),
    );
    const item = out.Items?.[0];
    return item ? fromItem(TeamMember, item) : null;
  }

  async listMembers(accountId: string) {
    return (await this.prefix(accountId, "MEMBER#")).map((i) => fromItem(TeamMember, i));
  }

  async putMember(member: TeamMemberRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(TeamMember, member) }));
  }

  async deleteMember(accountId: string, userId: string) {
    await this.doc.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: `USER#${accountId}`, sk: `MEMBER#${userId}` } }),
    );
  }

  async putInvitation(invitation: TeamInvitationRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(TeamInvitation, invitation) }));
  }

  async getInvitation(accountId: string, tokenHash: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `USER#${accountId}`, sk: `INVITE#${tokenHash}` } }),
    );
    return out.Item ? fromItem(TeamInvitation, out.Item) : null;
  }

  async listInvitations(accountId: string) {
    return (await this.prefix(accountId, "INVITE#")).map((i) => fromItem(TeamInvitation, i));
  }

  async deleteInvitation(accountId: string, tokenHash: string) {
    await this.doc.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: `USER#${accountId}`, sk: `INVITE#${tokenHash}` } }),
    );
  }

  async append(entry: AuditEntryRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(AccountAuditEntry, entry) }));
  }

  async list(accountId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: { ":pk": `USER#${accountId}`, ":sk": "ACTIVITY#" },
      ScanIndexForward: false,
    });
    return items.map((i) => fromItem(AccountAuditEntry, i));
  }

  private prefix(accountId: string, prefix: string) {
    return queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: { ":pk": `USER#${accountId}`, ":sk": prefix },
    });
  }
}
