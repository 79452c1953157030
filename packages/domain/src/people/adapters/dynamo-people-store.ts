import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import type { ProtectedPersonRecord } from "../../records.js";
import { isConditionFailure } from "../../table/condition-failure.js";
import { fromItem, PeopleRegister, PersonProtection, ProtectedPerson, toItem } from "../../table/index.js";
import { queryAll } from "../../table/query-all.js";
import type { PeopleStore, PersonProtectionRecord } from "../ports.js";

/** Protected people in the account's partition; each invitee's side of it in their own. */
export class DynamoPeopleStore implements PeopleStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async listPeople(accountId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: ProtectedPerson.primary.query({ userId: accountId }).ExpressionAttributeValues,
      // Read after the register's version: an invitation stored before it moved must be seen.
      ConsistentRead: true,
    });
    return items.map((i) => fromItem(ProtectedPerson, i));
  }

  async getPerson(accountId: string, personId: string) {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: ProtectedPerson.key({ userId: accountId, personId }),
        ConsistentRead: true,
      }),
    );
    return out.Item ? fromItem(ProtectedPerson, out.Item) : null;
  }

  async createPerson(person: ProtectedPersonRecord) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(ProtectedPerson, person),
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async deletePerson(accountId: string, personId: string) {
    await this.doc.send(
      new DeleteCommand({ TableName: this.tableName, Key: ProtectedPerson.key({ userId: accountId, personId }) }),
    );
  }

  async registerVersion(accountId: string) {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: PeopleRegister.key({ userId: accountId }),
        ConsistentRead: true,
      }),
    );
    return out.Item ? fromItem(PeopleRegister, out.Item).version : 0;
  }

  async advanceRegister(accountId: string, from: number) {
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(PeopleRegister, { userId: accountId, version: from + 1 }),
          ConditionExpression: from === 0 ? "attribute_not_exists(pk)" : "version = :from",
          ...(from === 0 ? {} : { ExpressionAttributeValues: { ":from": from } }),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async acceptInvitation(input: {
    accountId: string;
    personId: string;
    tokenHash: string;
    memberUserId: string;
    at: string;
  }) {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: ProtectedPerson.key({ userId: input.accountId, personId: input.personId }),
          // ISO times of one format compare as strings: the link must still be within its expiry.
          ConditionExpression:
            "invitationTokenHash = :hash AND attribute_not_exists(acceptedAt) AND attribute_not_exists(withdrawnAt) AND invitationExpiresAt > :at",
          UpdateExpression: "SET memberUserId = :member, acceptedAt = :at REMOVE invitationTokenHash",
          ExpressionAttributeValues: { ":hash": input.tokenHash, ":member": input.memberUserId, ":at": input.at },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async markWithdrawn(accountId: string, personId: string, at: string) {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: ProtectedPerson.key({ userId: accountId, personId }),
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(withdrawnAt)",
          UpdateExpression: "SET withdrawnAt = :at REMOVE invitationTokenHash",
          ExpressionAttributeValues: { ":at": at },
        }),
      );
    } catch (error) {
      // Already withdrawn, or the account is gone: nothing left to stop.
      if (!isConditionFailure(error)) throw error;
    }
  }

  async listProtections(memberUserId: string) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :sk)",
      ExpressionAttributeValues: PersonProtection.primary.query({ memberUserId }).ExpressionAttributeValues,
    });
    return items.map((i) => fromItem(PersonProtection, i));
  }

  async putProtection(protection: PersonProtectionRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(PersonProtection, protection) }));
  }

  async deleteProtection(key: { memberUserId: string; accountId: string; personId: string }) {
    await this.doc.send(
      new DeleteCommand({
        TableName: this.tableName,
        Key: PersonProtection.key({ memberUserId: key.memberUserId, accountId: key.accountId, personId: key.personId }),
      }),
    );
  }
}
