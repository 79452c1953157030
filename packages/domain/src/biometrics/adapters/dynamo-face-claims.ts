import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { toItem } from "../../table/entity.js";
import { FaceRegisterClaim, FaceReview, OPEN_FACE_REVIEWS_PARTITION } from "../../table/face-claim-entities.js";
import { queryAll } from "../../table/query-all.js";
import type { FaceRegisterLock } from "../face-claim.js";
import type { FaceReviewRecord, FaceReviewStore } from "../face-review.js";

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === "ConditionalCheckFailedException";

/** The register's claim as one conditional put on one item: taken if absent or lapsed. */
export class DynamoFaceRegisterLock implements FaceRegisterLock {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(owner: string, now: Date, until: Date) {
    const item = toItem(FaceRegisterClaim, {
      owner,
      leaseUntil: until.getTime(),
      expiresAt: Math.ceil(until.getTime() / 1000) + 3600,
    });
    try {
      await this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: item,
          ConditionExpression: "attribute_not_exists(pk) OR leaseUntil < :now",
          ExpressionAttributeValues: { ":now": now.getTime() },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async giveBack(owner: string) {
    await this.doc
      .send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: FaceRegisterClaim.key({}),
          ConditionExpression: "#owner = :owner",
          ExpressionAttributeNames: { "#owner": "owner" },
          ExpressionAttributeValues: { ":owner": owner },
        }),
      )
      .catch((error: unknown) => {
        // Lapsed and taken by another live check meanwhile: theirs now, not ours to give back.
        if (!isConditionFailure(error)) throw error;
      });
  }
}

const keyOf = (reviewId: string) => FaceReview.key({ reviewId });

const recordOf = (item: Record<string, unknown>): FaceReviewRecord => ({
  reviewId: String(item.reviewId),
  holderUserId: String(item.holderUserId),
  challengerUserIds: (item.challengerUserIds as string[] | undefined) ?? [],
  passedUserIds: (item.passedUserIds as string[] | undefined) ?? [],
  openedAt: String(item.openedAt),
  deadline: String(item.deadline),
});

export class DynamoFaceReviewStore implements FaceReviewStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async open(review: FaceReviewRecord) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(FaceReview, review) }));
  }

  async get(reviewId: string) {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: keyOf(reviewId), ConsistentRead: true }),
    );
    return out.Item ? recordOf(out.Item) : null;
  }

  async addChallenger(reviewId: string, userId: string) {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keyOf(reviewId),
        UpdateExpression: "SET challengerUserIds = list_append(challengerUserIds, :user)",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":user": [userId] },
      }),
    );
  }

  async recordPass(reviewId: string, userId: string) {
    try {
      const out = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keyOf(reviewId),
          UpdateExpression: "SET passedUserIds = list_append(passedUserIds, :user)",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":user": [userId] },
          ReturnValues: "ALL_NEW",
        }),
      );
      return out.Attributes ? recordOf(out.Attributes) : null;
    } catch (error) {
      // Resolved (and deleted) a moment ago: nothing left to pass.
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  async due(now: Date) {
    const items = await queryAll(this.doc, {
      TableName: this.tableName,
      IndexName: "gsi2",
      KeyConditionExpression: "gsi2pk = :open AND gsi2sk < :now",
      ExpressionAttributeValues: { ":open": OPEN_FACE_REVIEWS_PARTITION, ":now": now.toISOString() },
    });
    return items.map(recordOf);
  }

  async close(reviewId: string) {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: keyOf(reviewId) }));
  }
}
