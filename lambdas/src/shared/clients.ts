import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { KMSClient } from "@aws-sdk/client-kms";
import { S3Client } from "@aws-sdk/client-s3";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

/**
 * SDK clients, built once per Lambda container. Endpoints come from AWS_ENDPOINT_URL_<SERVICE>
 * (set by the local stack, unset in AWS), so no code path knows where it runs.
 */
export const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const s3 = new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === "true" });

export const kms = new KMSClient({});

export const cognito = new CognitoIdentityProviderClient({});
