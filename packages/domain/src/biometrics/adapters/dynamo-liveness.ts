import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { LivenessChallengeItem } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import type { LivenessChallenge } from "../liveness-challenge.js";
import type { LivenessStore } from "../ports.js";

/** The stored item of a challenge: its expiry kept as a date, and as the table's TTL in epoch seconds. */
export function challengeItem(challenge: LivenessChallenge): Record<string, unknown> {
  const { expiresAt, ...rest } = challenge;
  return toItem(LivenessChallengeItem, {
    ...rest,
    validUntil: expiresAt,
    expiresAt: Math.ceil(Date.parse(expiresAt) / 1000),
  });
}

export function challengeFromItem(item: Record<string, unknown>): LivenessChallenge {
  const { validUntil, expiresAt: _ttl, ...rest } = fromItem(LivenessChallengeItem, item);
  return { ...rest, expiresAt: validUntil };
}

/** Live-capture challenges in the account's partition. */
export class DynamoLivenessStore implements LivenessStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async putChallenge(challenge: LivenessChallenge) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: challengeItem(challenge) }));
  }

  /** One delete that returns what it deleted: of two answers to one challenge, only one gets it. */
  async takeChallenge(userId: string, challengeId: string): Promise<LivenessChallenge | null> {
    const out = await this.doc.send(
      new DeleteCommand({
        TableName: this.tableName,
        Key: LivenessChallengeItem.key({ userId, challengeId }),
        ReturnValues: "ALL_OLD",
      }),
    );
    return out.Attributes ? challengeFromItem(out.Attributes) : null;
  }
}
