import { CognitoIdentityProviderClient } from "@aws-sdk/client-cognito-identity-provider";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { KMSClient } from "@aws-sdk/client-kms";
import { S3Client } from "@aws-sdk/client-s3";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { tracer } from "../observability.js";

/**
 * Every AWS SDK client the handlers and the local stack use is built here, once per Lambda
 * container. Endpoints come from AWS_ENDPOINT_URL_<SERVICE> (set by the local stack, unset in AWS),
 * so no code path knows where it runs. Each call is a subsegment of the invocation's X-Ray trace (a
 * no-op where tracing is off, as locally).
 *
 * A context imports the client class it needs from its own SDK package and asks `awsClient` for
 * it, so a function only loads the SDK packages its contexts use (they load at cold start).
 */
type ClientClass<C, Config> = new (config: Config) => C;

/** A traced client with the given settings: the local stack's set-up clients name their stand-in's endpoint. */
export function buildAwsClient<C, Config>(Client: ClientClass<C, Config>, config: Config): C {
  return tracer.captureAWSv3Client(new Client(config));
}

const built = new Map<ClientClass<unknown, never>, unknown>();

/** The container's one client of this class, with the SDK's default settings, built on first use. */
export function awsClient<C, Config extends object>(Client: ClientClass<C, Config>): C {
  let client = built.get(Client) as C | undefined;
  if (!client) {
    client = buildAwsClient(Client, {} as Config);
    built.set(Client, client);
  }
  return client;
}

export const dynamo = DynamoDBDocumentClient.from(awsClient(DynamoDBClient), {
  marshallOptions: { removeUndefinedValues: true },
});

export const s3 = buildAwsClient(S3Client, { forcePathStyle: process.env.S3_FORCE_PATH_STYLE === "true" });

/**
 * Signs upload URLs the browser PUTs to. Since SDK 3.729 a client adds a CRC32 checksum to every
 * PutObject; when presigning there is no body yet, so the URL would carry the checksum of an empty
 * body (x-amz-checksum-crc32=AAAAAA==) and S3 would refuse the browser's real bytes. Checksums only
 * where an operation requires one leaves the upload's integrity to TLS and the gates that read it.
 * Not traced: it only signs, it never sends.
 */
export const s3Presigner = new S3Client({
  forcePathStyle: process.env.S3_FORCE_PATH_STYLE === "true",
  requestChecksumCalculation: "WHEN_REQUIRED",
  responseChecksumValidation: "WHEN_REQUIRED",
});

export const kms = awsClient(KMSClient);

export const cognito = awsClient(CognitoIdentityProviderClient);
