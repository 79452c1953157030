import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from "@aws-sdk/lib-dynamodb";
import { isConditionFailure } from "../../table/condition-failure.js";
import { AccountAuditEntry, TeamInvitation, TeamMember, TeamSeat } from "../../table/entities.js";
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
        ExpressionAttributeValues: { ":pk": TeamMember.indexes.gsi1.pk({ userId }) },
        Limit: 1,
      }),
    );
    const item = out.Items?.[0];
    return item ? fromItem(TeamMember, item) : null;
  }

  async listMembers(accountId: string) {
    return (await this.prefix(accountId, TeamMember.primary.skPrefix({}))).map((i) => fromItem(TeamMember, i));
  }

  async putMember(member: TeamMemberRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(TeamMember, member) }));
  }

  async deleteMember(accountId: string, userId: string) {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: TeamMember.key({ accountId, userId }) }));
    await this.releaseSeat(userId, accountId);
  }

  async claimSeat(userId: string, accountId: string, at: string): ReturnType<TeamStore["claimSeat"]> {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(TeamSeat, { userId, accountId, claimedAt: at }),
          ConditionExpression: "attribute_not_exists(pk) OR accountId = :accountId",
          ExpressionAttributeValues: { ":accountId": accountId },
        }),
      );
      return { claimed: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: TeamSeat.key({ userId }),
        ConsistentRead: true,
      }),
    );
    // Freed between the put and this read: the caller may try again.
    const seat = out.Item ? fromItem(TeamSeat, out.Item) : null;
    return { claimed: false, holder: seat?.accountId ?? "", claimedAt: seat?.claimedAt ?? at };
  }

  async releaseSeat(userId: string, accountId: string) {
    try {
      await this.doc.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: TeamSeat.key({ userId }),
          ConditionExpression: "accountId = :accountId",
          ExpressionAttributeValues: { ":accountId": accountId },
        }),
      );
    } catch (error) {
      // Held for another team (or by nobody): not this team's to free.
      if (!isConditionFailure(error)) throw error;
    }
  }

  async putInvitation(invitation: TeamInvitationRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(TeamInvitation, invitation) }));
  }

  async getInvitation(accountId: string, tokenHash: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: TeamInvitation.key({ accountId, tokenHash }) }),
    );
    return out.Item ? fromItem(TeamInvitation, out.Item) : null;
  }

  async listInvitations(accountId: string) {
    return (await this.prefix(accountId, TeamInvitation.primary.skPrefix({}))).map((i) => fromItem(TeamInvitation, i));
  }

  async deleteInvitation(accountId: string, tokenHash: string) {
    await this.doc.send(
      new DeleteCommand({ TableName: this.tableName, Key: TeamInvitation.key({ accountId, tokenHash }) }),
    );
  }

  async append(entry: AuditEntryRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(AccountAuditEntry, entry) }));
  }

  async list(accountId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: AccountAuditEntry.primary.query({ accountId }).ExpressionAttributeValues,
      ScanIndexForward: false,
    });
    return items.map((i) => fromItem(AccountAuditEntry, i));
  }

  private prefix(accountId: string, prefix: string) {
    return queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: { ":pk": TeamMember.primary.pk({ accountId }), ":sk": prefix },
    });
  }
}
