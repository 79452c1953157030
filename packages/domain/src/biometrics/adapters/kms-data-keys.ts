import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from "@aws-sdk/client-kms";
import type { DataKeyService } from "../ports.js";

/** Data keys from the biometric KMS key; the encryption context binds each key to its user. */
export class KmsDataKeys implements DataKeyService {
  constructor(
    private readonly kms: KMSClient,
    private readonly keyId: string,
  ) {}

  async generateDataKey(context: Record<string, string>) {
    const out = await this.kms.send(
      new GenerateDataKeyCommand({ KeyId: this.keyId, KeySpec: "AES_256", EncryptionContext: context }),
    );
    if (!out.Plaintext || !out.CiphertextBlob) throw new Error("KMS returned no data key");
    return { plaintext: out.Plaintext, wrapped: out.CiphertextBlob };
  }

  async unwrapDataKey(wrapped: Uint8Array, context: Record<string, string>) {
    const out = await this.kms.send(
      new DecryptCommand({ KeyId: this.keyId, CiphertextBlob: wrapped, EncryptionContext: context }),
    );
    if (!out.Plaintext) throw new Error("KMS returned no plaintext key");
    return out.Plaintext;
  }
}
