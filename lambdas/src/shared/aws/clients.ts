import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { KMSClient } from "@aws-sdk/client-kms";
import { S3Client } from "@aws-sdk/client-s3";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { tracer } from "../observability.js";

/**
 * SDK clients, built once per Lambda container. Endpoints come from AWS_ENDPOINT_URL_<SERVICE>
 * (set by the local stack, unset in AWS), so no code path knows where it runs. Each call is a
 * subsegment of the invocation's X-Ray trace (a no-op where tracing is off, as locally).
 */
export const dynamo = DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({})), {
  marshallOptions: { removeUndefinedValues: true },
});

export const s3 = tracer.captureAWSv3Client(
  new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === "true" }),
);

/**
 * Signs upload URLs the browser PUTs to. Since SDK 3.729 a client adds a CRC32 checksum to every
 * PutObject; when presigning there is no body yet, so the URL would carry the checksum of an empty
 * body (x-amz-checksum-crc32=AAAAAA==) and S3 would refuse the browser's real bytes. Checksums only
 * where an operation requires one leaves the upload's integrity to TLS and the gates that read it.
 */
export const s3Presigner = new S3Client({
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE === "true",
  requestChecksumCalculation: "WHEN_REQUIRED",
  responseChecksumValidation: "WHEN_REQUIRED",
});

export const kms = tracer.captureAWSv3Client(new KMSClient({}));

export const cognito = tracer.captureAWSv3Client(new CognitoIdentityProviderClient({}));
