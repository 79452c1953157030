import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AwsError } from "./aws-error.js";
import type { RunningServer } from "./http-server.js";
import { startJsonRpcServer } from "./json-rpc-server.js";

const ACCOUNT = "000000000000";
const REGION = "us-east-1";

interface StoredSecret {
  name: string;
  arn: string;
  description: string;
  value: string;
  versionId: string;
  createdAt: number;
}

/**
 * Secrets Manager for the local stack: secrets in a key file under the data dir (mode 0600), created
 * once at start the way CloudFormation creates them once per deployment, and read with the same
 * GetSecretValue calls handlers make in AWS.
 */
export class LocalSecrets {
  private readonly file: string;
  private readonly secrets: StoredSecret[];

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, "secrets.json");
    this.secrets = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, "utf8")) as StoredSecret[]) : [];
  }

  /** The secret's ARN, creating it with `generate()` the first time only. */
  ensureSecret(name: string, description: string, generate: () => string): string {
    const existing = this.secrets.find((s) => s.name === name);
    if (existing) return existing.arn;
    // Real ARNs end in a random 6-character suffix; handlers must use the ARN they are given.
    const suffix = randomBytes(3).toString("hex");
    const secret: StoredSecret = {
      name,
      arn: `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${name}-${suffix}`,
      description,
      value: generate(),
      versionId: randomUUID(),
      createdAt: Math.floor(Date.now() / 1000),
    };
    this.secrets.push(secret);
    writeFileSync(this.file, JSON.stringify(this.secrets, null, 2), { mode: 0o600 });
    return secret.arn;
  }

  find(secretId: unknown): StoredSecret {
    const id = String(secretId ?? "");
    const secret = this.secrets.find((s) => s.arn === id || s.name === id);
    if (!secret) throw new AwsError("ResourceNotFoundException", "Secrets Manager can't find the specified secret.");
    return secret;
  }
}

export function startSecretsManagerServer(secrets: LocalSecrets): Promise<RunningServer> {
  return startJsonRpcServer({
    targetPrefix: "secretsmanager",
    contentType: "application/x-amz-json-1.1",
    actions: {
      GetSecretValue: async (input) => {
        const secret = secrets.find(input.SecretId);
        return {
          ARN: secret.arn,
          Name: secret.name,
          SecretString: secret.value,
          VersionId: secret.versionId,
          VersionStages: ["AWSCURRENT"],
          CreatedDate: secret.createdAt,
        };
      },
      DescribeSecret: async (input) => {
        const secret = secrets.find(input.SecretId);
        return { ARN: secret.arn, Name: secret.name, Description: secret.description, CreatedDate: secret.createdAt };
      },
    },
  });
}
