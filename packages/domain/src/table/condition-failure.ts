import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";

/** A write refused by its ConditionExpression (by class, or by name where the class is another copy). */
export const isConditionFailure = (e: unknown) =>
  e instanceof ConditionalCheckFailedException || (e as Error).name === "ConditionalCheckFailedException";
