import { type DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { BiometricSampleRecord } from "../../records.js";
import { isConditionFailure } from "../../table/condition-failure.js";
import { AccountMessageSent, BiometricSample } from "../../table/entities.js";
import { toItem } from "../../table/entity.js";
import { LIVE_CHECK_MARKS } from "../enrolment-verification.js";
import type { LapsingSampleStore, PreLiveCheckFaceOwners } from "../live-check-demotion.js";
import type { LapsedFaceOwners, SentMessages } from "../reverify-notice.js";
import { scanOwners } from "./scan-owners.js";

/**
 * The table side of the live-check demotion. Owners come from a paged scan for face samples the
 * server counts as verified without the live check's mark (as isServerVerified reads a record
 * without `verifiedBy`: a live capture or an uploaded photo); a one-off step after a deploy needs no
 * index. A demoted sample no longer matches the filter, so a rerun resumes where the last one stopped.
 */
export class DynamoLiveCheckDemotionTable implements PreLiveCheckFaceOwners, LapsingSampleStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** Items read per scan page (DynamoDB's own 1 MB page when unset); tests make pages small. */
    private readonly pageLimit?: number,
    /** Face samples (issue 23) or voice samples verified before the live check's phrase. */
    private readonly modality: "face" | "voice" = "face",
  ) {}

  userIds(): AsyncIterable<string> {
    return scanOwners(this.doc, {
      TableName: this.tableName,
      FilterExpression:
        "#entity = :sample AND modality = :face AND verified = :true AND (" +
        "(attribute_exists(verifiedBy) AND NOT (verifiedBy IN (:check, :matchesCheck))) OR " +
        "(attribute_not_exists(verifiedBy) AND #source IN (:live, :upload)))",
      ExpressionAttributeNames: { "#entity": "entity", "#source": "source" },
      ExpressionAttributeValues: {
        ":sample": BiometricSample.name,
        ":face": this.modality,
        ":true": true,
        ":check": LIVE_CHECK_MARKS[0],
        ":matchesCheck": LIVE_CHECK_MARKS[1],
        ":live": "live-capture",
        ":upload": "upload",
      },
      ...(this.pageLimit ? { Limit: this.pageLimit } : {}),
    });
  }

  /**
   * The whole item, so its index keys follow (a demoted front frame leaves the verified-faces
   * register), written only while the fields other paths change are as read: a live check's
   * vouching, a model migration's new embedding, an auto-delete choice. Otherwise false.
   */
  async lapse(read: BiometricSampleRecord, lapsed: BiometricSampleRecord): Promise<boolean> {
    const values: Record<string, unknown> = { ":true": true, ":key": read.encryptedDataKey };
    const conditions = ["verified = :true", "encryptedDataKey = :key", "attribute_not_exists(verificationLapsed)"];
    if (read.verifiedBy) {
      conditions.push("verifiedBy = :by");
      values[":by"] = read.verifiedBy;
    } else conditions.push("attribute_not_exists(verifiedBy)");
    if (read.deleteAfter) {
      conditions.push("deleteAfter = :deleteAfter");
      values[":deleteAfter"] = read.deleteAfter;
    } else conditions.push("attribute_not_exists(deleteAfter)");
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: toItem(BiometricSample, lapsed),
          ConditionExpression: conditions.join(" AND "),
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}

/** The people the re-verify message is for, from a paged scan, and the record of who was sent it. */
export class DynamoReverifyMessages implements LapsedFaceOwners, SentMessages {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly modality: "face" | "voice" = "face",
  ) {}

  userIds(): AsyncIterable<string> {
    return scanOwners(this.doc, {
      TableName: this.tableName,
      FilterExpression: "#entity = :sample AND modality = :face AND attribute_exists(verificationLapsed)",
      ExpressionAttributeNames: { "#entity": "entity" },
      ExpressionAttributeValues: { ":sample": BiometricSample.name, ":face": this.modality },
    });
  }

  async wasSent(userId: string): Promise<boolean> {
    const out = await this.doc.send(
      new GetCommand({
        TableName: this.tableName,
        Key: AccountMessageSent.key({ userId, message: `${this.modality}-reverify` }),
      }),
    );
    return out.Item !== undefined;
  }

  async markSent(userId: string, channel: "email" | "sms", at: Date): Promise<void> {
    const message = `${this.modality}-reverify` as const;
    const item = toItem(AccountMessageSent, { userId, message, channel, sentAt: at.toISOString() });
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: item }));
  }
}
