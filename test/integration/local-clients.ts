import type { ProvidedStack } from "./stack-context.js";

type EndpointVariable =
  | "AWS_ENDPOINT_URL_DYNAMODB"
  | "AWS_ENDPOINT_URL_S3"
  | "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER"
  | "AWS_ENDPOINT_URL_SFN"
  | "AWS_ENDPOINT_URL_KMS"
  | "AWS_ENDPOINT_URL_SESV2"
  | "AWS_ENDPOINT_URL_SNS"
  | "AWS_ENDPOINT_URL_SCHEDULER"
  | "AWS_ENDPOINT_URL_RDS_DATA";

/** SDK client settings for one service of the stack under test, from the env it published. */
export const clientConfig = (env: ProvidedStack["env"], endpoint: EndpointVariable) => ({
  endpoint: env[endpoint],
  region: env.AWS_REGION,
  credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  forcePathStyle: true,
});

export async function eventually<T>(read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
