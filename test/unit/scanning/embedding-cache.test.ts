import { describe, expect, it } from "vitest";
import {
  type CachedSampleRef,
  DecryptedEmbeddingCache,
} from "../../../packages/domain/src/scanning/embedding-cache.js";

const sample = (over: Partial<CachedSampleRef> = {}): CachedSampleRef => ({
  personId: "self",
  modality: "face",
  sampleId: "face-1",
  createdAt: "2026-11-22T00:00:00.000Z",
  encryptedDataKey: "wrapped-key-1",
  ...over,
});

/** A decryptor that counts its calls, standing in for the KMS unwrap and AES-GCM open. */
function counting() {
  const calls: string[] = [];
  return {
    calls,
    decrypt: (label: string) => async () => {
      calls.push(label);
      return new Float32Array([calls.length]);
    },
  };
}

describe("decrypted embedding cache", () => {
  it("decrypts a sample once while fresh, and again once the time to live has passed", async () => {
    let now = 0;
    const cache = new DecryptedEmbeddingCache({ ttlMs: 60_000, now: () => now });
    const kms = counting();
    await cache.open("u1", sample(), kms.decrypt("a"));
    now = 59_999;
    await cache.open("u1", sample(), kms.decrypt("b"));
    expect(kms.calls).toEqual(["a"]);
    now = 60_000;
    await cache.open("u1", sample(), kms.decrypt("c"));
    expect(kms.calls).toEqual(["a", "c"]);
  });

  it("never serves one user's embedding to another user with the same sample id", async () => {
    const cache = new DecryptedEmbeddingCache({ ttlMs: 60_000 });
    const kms = counting();
    const first = await cache.open("u1", sample(), kms.decrypt("u1"));
    const second = await cache.open("u2", sample(), kms.decrypt("u2"));
    expect(kms.calls).toEqual(["u1", "u2"]);
    expect(second).not.toBe(first);
  });

  it("decrypts a re-sealed sample afresh (new wrapped key or creation time)", async () => {
    const cache = new DecryptedEmbeddingCache({ ttlMs: 60_000 });
    const kms = counting();
    await cache.open("u1", sample(), kms.decrypt("v1"));
    await cache.open("u1", sample({ encryptedDataKey: "wrapped-key-2" }), kms.decrypt("v2"));
    await cache.open("u1", sample({ createdAt: "2026-11-23T00:00:00.000Z" }), kms.decrypt("v3"));
    expect(kms.calls).toEqual(["v1", "v2", "v3"]);
  });

  it("shares one decryption among concurrent callers and forgets a failed one", async () => {
    const cache = new DecryptedEmbeddingCache({ ttlMs: 60_000 });
    const kms = counting();
    const [a, b] = await Promise.all([
      cache.open("u1", sample(), kms.decrypt("once")),
      cache.open("u1", sample(), kms.decrypt("twice")),
    ]);
    expect(a).toBe(b);
    expect(kms.calls).toEqual(["once"]);

    const refused = cache.open("u1", sample({ sampleId: "voice-1" }), async () => {
      throw new Error("AccessDeniedException");
    });
    await expect(refused).rejects.toThrow("AccessDeniedException");
    await cache.open("u1", sample({ sampleId: "voice-1" }), kms.decrypt("retry"));
    expect(kms.calls).toEqual(["once", "retry"]);
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const cache = new DecryptedEmbeddingCache({ ttlMs: 60_000, maxEntries: 2 });
    const kms = counting();
    for (const id of ["s1", "s2", "s3"]) await cache.open("u1", sample({ sampleId: id }), kms.decrypt(id));
    await cache.open("u1", sample({ sampleId: "s3" }), kms.decrypt("s3 again"));
    await cache.open("u1", sample({ sampleId: "s1" }), kms.decrypt("s1 again"));
    expect(kms.calls).toEqual(["s1", "s2", "s3", "s1 again"]);
  });
});
