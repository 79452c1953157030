/** s3rver verifies SigV4 signatures against this one key pair; the other stand-ins accept any. */
export const LOCAL_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** SDK client settings the stack itself uses to set up its stand-ins (handlers read the environment instead). */
export const localClientConfig = (endpoint: string) => ({
  endpoint,
  region: "us-east-1",
  credentials: LOCAL_CREDENTIALS,
  forcePathStyle: true,
});
