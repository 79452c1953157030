import type { DataKeyService } from "../biometrics/ports.js";
import { openBytes, sealBytes } from "../biometrics/sealed-bytes.js";

/**
 * Envelope encryption of what the integrations keep that would let someone impersonate the product
 * (webhook signing secrets) or read one (an idempotent answer that carried a secret): the mechanism
 * of biometric embeddings (embedding-cipher.ts), each value under its own AES-256-GCM data key from
 * KMS, only the wrapped key stored. The encryption context names the value's owner and purpose, so
 * a sealed value copied to another item does not open, and IAM can allow each function only the
 * purposes it needs (`kms:EncryptionContext:purpose`).
 */
export interface SealedValue {
  sealed: string;
  encryptedDataKey: string;
}

export const SEALED_PURPOSES = {
  webhookSecret: "webhook-signing-secret",
  idempotentAnswer: "idempotent-answer",
} as const;
export type SealedPurpose = (typeof SEALED_PURPOSES)[keyof typeof SEALED_PURPOSES];

export interface Sealer {
  /** `owner` names whose value it is (the encryption context): the sealed value opens only for it. */
  seal(owner: Record<string, string>, value: string): Promise<SealedValue>;
  open(owner: Record<string, string>, value: SealedValue): Promise<string>;
}

/** Seals and opens one kind of value: the data-key service and the purpose it is bound to. */
export class SecretSealer implements Sealer {
  constructor(
    private readonly keys: DataKeyService,
    private readonly purpose: SealedPurpose,
  ) {}

  async seal(owner: Record<string, string>, value: string): Promise<SealedValue> {
    const { plaintext, wrapped } = await this.keys.generateDataKey(this.context(owner));
    try {
      return {
        sealed: sealBytes(plaintext, Buffer.from(value, "utf8")),
        encryptedDataKey: Buffer.from(wrapped).toString("base64"),
      };
    } finally {
      plaintext.fill(0);
    }
  }

  async open(owner: Record<string, string>, value: SealedValue): Promise<string> {
    const key = await this.keys.unwrapDataKey(Buffer.from(value.encryptedDataKey, "base64"), this.context(owner));
    try {
      return openBytes(key, value.sealed).toString("utf8");
    } finally {
      key.fill(0);
    }
  }

  private context(owner: Record<string, string>) {
    return { ...owner, purpose: this.purpose };
  }
}
