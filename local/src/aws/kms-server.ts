import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AwsError } from "./aws-error.js";
import type { RunningServer } from "./http-server.js";
import { startJsonRpcServer } from "./json-rpc-server.js";

const ACCOUNT = "000000000000";
const REGION = "us-east-1";
const MAGIC = Buffer.from("LGK1");

interface StoredKey {
  keyId: string;
  description: string;
  material: string;
  createdAt: number;
}
interface KeyFile {
  keys: StoredKey[];
  aliases: Record<string, string>;
}

const arnOf = (keyId: string) => `arn:aws:kms:${REGION}:${ACCOUNT}:key/${keyId}`;

/** Encryption context is authenticated data, as in KMS: decrypting with a different context fails. */
const aadOf = (context: unknown) =>
  Buffer.from(JSON.stringify(Object.entries((context ?? {}) as Record<string, string>).sort()));

/**
 * KMS for the local stack: symmetric keys in a key file under the data dir, AES-256-GCM.
 * Ciphertext blob: "LGK1" | key-id length (1 byte) | key id | iv (12) | tag (16) | ciphertext.
 */
export class LocalKms {
  private readonly file: string;
  private readonly state: KeyFile;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, "keys.json");
    this.state = existsSync(this.file)
      ? (JSON.parse(readFileSync(this.file, "utf8")) as KeyFile)
      : { keys: [], aliases: {} };
  }

  /** Returns the key id behind `alias`, creating the key the first time (as CDK would). */
  ensureKey(alias: string, description: string): string {
    const existing = this.state.aliases[alias];
    if (existing) return existing;
    const key: StoredKey = {
      keyId: randomUUID(),
      description,
      material: randomBytes(32).toString("base64"),
      createdAt: Math.floor(Date.now() / 1000),
    };
    this.state.keys.push(key);
    this.state.aliases[alias] = key.keyId;
    writeFileSync(this.file, JSON.stringify(this.state, null, 2), { mode: 0o600 });
    return key.keyId;
  }

  private find(keyRef: unknown): StoredKey {
    const ref = String(keyRef ?? "");
    const bare = ref.replace(/^arn:aws:kms:[^:]*:[^:]*:/, "");
    const keyId = bare.startsWith("alias/") ? this.state.aliases[bare] : bare.replace(/^key\//, "");
    const key = this.state.keys.find((k) => k.keyId === keyId);
    if (!key) throw new AwsError("NotFoundException", `Key '${ref}' does not exist`);
    return key;
  }

  encrypt(keyRef: unknown, plaintext: Buffer, context: unknown): { blob: Buffer; keyId: string } {
    const key = this.find(keyRef);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", Buffer.from(key.material, "base64"), iv);
    cipher.setAAD(aadOf(context));
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    const id = Buffer.from(key.keyId);
    return {
      blob: Buffer.concat([MAGIC, Buffer.from([id.length]), id, iv, cipher.getAuthTag(), body]),
      keyId: key.keyId,
    };
  }

  decrypt(blob: Buffer, context: unknown): { plaintext: Buffer; keyId: string } {
    if (blob.length < 5 || !blob.subarray(0, 4).equals(MAGIC)) {
      throw new AwsError("InvalidCiphertextException", "Ciphertext was not produced by this KMS");
    }
    const idLength = blob[4]!;
    const key = this.find(blob.subarray(5, 5 + idLength).toString());
    const rest = blob.subarray(5 + idLength);
    try {
      const decipher = createDecipheriv("aes-256-gcm", Buffer.from(key.material, "base64"), rest.subarray(0, 12));
      decipher.setAAD(aadOf(context));
      decipher.setAuthTag(rest.subarray(12, 28));
      return { plaintext: Buffer.concat([decipher.update(rest.subarray(28)), decipher.final()]), keyId: key.keyId };
    } catch {
      throw new AwsError("InvalidCiphertextException", "Ciphertext or encryption context does not match");
    }
  }

  describe(keyRef: unknown) {
    const key = this.find(keyRef);
    return {
      KeyId: key.keyId,
      Arn: arnOf(key.keyId),
      AWSAccountId: ACCOUNT,
      CreationDate: key.createdAt,
      Description: key.description,
      Enabled: true,
      KeyState: "Enabled",
      KeyUsage: "ENCRYPT_DECRYPT",
      KeySpec: "SYMMETRIC_DEFAULT",
      CustomerMasterKeySpec: "SYMMETRIC_DEFAULT",
      EncryptionAlgorithms: ["SYMMETRIC_DEFAULT"],
      KeyManager: "CUSTOMER",
      Origin: "AWS_KMS",
    };
  }
}

const dataKeyBytes = (input: Record<string, unknown>) => {
  if (typeof input.NumberOfBytes === "number") return input.NumberOfBytes;
  if (input.KeySpec === "AES_128") return 16;
  if (input.KeySpec === "AES_256") return 32;
  throw new AwsError("ValidationException", "Specify KeySpec or NumberOfBytes");
};

export function startKmsServer(kms: LocalKms): Promise<RunningServer> {
  const b64 = (value: unknown) => Buffer.from(String(value ?? ""), "base64");
  return startJsonRpcServer({
    targetPrefix: "TrentService",
    contentType: "application/x-amz-json-1.1",
    actions: {
      DescribeKey: async (input) => ({ KeyMetadata: kms.describe(input.KeyId) }),
      Encrypt: async (input) => {
        const { blob, keyId } = kms.encrypt(input.KeyId, b64(input.Plaintext), input.EncryptionContext);
        return {
          CiphertextBlob: blob.toString("base64"),
          KeyId: arnOf(keyId),
          EncryptionAlgorithm: "SYMMETRIC_DEFAULT",
        };
      },
      Decrypt: async (input) => {
        const { plaintext, keyId } = kms.decrypt(b64(input.CiphertextBlob), input.EncryptionContext);
        if (input.KeyId && kms.describe(input.KeyId).KeyId !== keyId) {
          throw new AwsError("IncorrectKeyException", "The ciphertext was encrypted under a different key");
        }
        return {
          Plaintext: plaintext.toString("base64"),
          KeyId: arnOf(keyId),
          EncryptionAlgorithm: "SYMMETRIC_DEFAULT",
        };
      },
      GenerateDataKey: async (input) => {
        const plaintext = randomBytes(dataKeyBytes(input));
        const { blob, keyId } = kms.encrypt(input.KeyId, plaintext, input.EncryptionContext);
        return {
          CiphertextBlob: blob.toString("base64"),
          Plaintext: plaintext.toString("base64"),
          KeyId: arnOf(keyId),
        };
      },
      GenerateDataKeyWithoutPlaintext: async (input) => {
        const { blob, keyId } = kms.encrypt(input.KeyId, randomBytes(dataKeyBytes(input)), input.EncryptionContext);
        return { CiphertextBlob: blob.toString("base64"), KeyId: arnOf(keyId) };
      },
    },
  });
}
