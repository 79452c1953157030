import { DomainError } from "@lg/domain/errors";
import { PdqIndex } from "@lg/domain/registered-images/pdq-index";
import { PDQ_MATCH_DISTANCE } from "@lg/domain/registered-images/pdq-rules";
import { RegisterHashesInput } from "@lg/domain/registered-images/register-input";
import { RegisteredImageService } from "@lg/domain/registered-images/registered-image-service";
import { mulberry32 } from "@lg/local/platform-simulator/seeded-random";
import { PgliteSql } from "@lg/local/stand-ins/pglite-sql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeDataKeys } from "../accounts/fakes.js";
import { MemoryHashStore } from "./memory-hash-store.js";

const random = mulberry32(39);
const randomHash = () => Array.from({ length: 64 }, () => Math.floor(random() * 16).toString(16)).join("");
/** The hash with its first `bits` bits flipped. */
const flip = (hex: string, bits: number) => {
  const value = BigInt(`0x${hex}`) ^ ((1n << BigInt(bits)) - 1n);
  return value.toString(16).padStart(64, "0");
};

const hamming = (a: string, b: string) => {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  for (; x; x &= x - 1n) n++;
  return n;
};

let sql: PgliteSql;
let index: PdqIndex;
let store: MemoryHashStore;
let service: RegisteredImageService;
let ids = 0;

beforeAll(async () => {
  sql = await PgliteSql.open();
  index = new PdqIndex(sql);
  await index.ensureSchema();
}, 60_000);
afterAll(() => sql.close());
beforeEach(async () => {
  await sql.execute("DELETE FROM gallery_pdq");
  store = new MemoryHashStore();
  service = new RegisteredImageService({
    store,
    keys: new FakeDataKeys(),
    index,
    now: () => new Date("2026-11-29T08:00:00.000Z"),
    newId: () => `h${++ids}`,
  });
});

describe("registered intimate-image hashes", () => {
  it("stores each hash sealed: no attribute of the record holds it, and the list never shows it", async () => {
    const hash = randomHash();
    const { registered } = await service.register("alice", [{ hash, quality: 90, source: "image" }]);
    expect(registered).toHaveLength(1);
    const [record] = await store.list("alice");
    expect(JSON.stringify(record)).not.toContain(hash);
    expect(JSON.stringify(record)).not.toContain(Buffer.from(hash, "hex").toString("base64"));
    const listed = await service.list("alice");
    expect(listed.count).toBe(1);
    expect(JSON.stringify(listed)).not.toContain(hash);
    expect(listed.hashes[0]).toEqual({
      hashId: registered[0]?.hashId,
      quality: 90,
      source: "image",
      createdAt: "2026-11-29T08:00:00.000Z",
    });
  });

  it("exports the owner's hashes in the sharing format, PDQ hex and quality one a line", async () => {
    const a = randomHash();
    const b = randomHash();
    await service.register("alice", [
      { hash: a, quality: 88, source: "image" },
      { hash: b, quality: 61, source: "video-frame" },
    ]);
    await service.register("bob", [{ hash: randomHash(), quality: 90, source: "image" }]);
    const lines = (await service.exportLines("alice")).trimEnd().split("\n").sort();
    expect(lines).toEqual([`${a},88`, `${b},61`].sort());
  });

  it("refuses a hash of quality under 50 with the reason, and registers the good ones beside it", async () => {
    await expect(service.register("alice", [{ hash: randomHash(), quality: 49, source: "image" }])).rejects.toThrow(
      /Quality 49 is below 50: the picture is too flat or plain/,
    );
    expect(await store.list("alice")).toHaveLength(0);
    const result = await service.register("alice", [
      { hash: randomHash(), quality: 12, source: "image" },
      { hash: randomHash(), quality: 50, source: "image" },
    ]);
    expect(result.registered).toHaveLength(1);
    expect(result.refused).toEqual([{ index: 0, quality: 12, reason: expect.stringMatching(/below 50/) }]);
  });

  it("accepts only 64 hex characters as a hash, upper case read as lower", () => {
    const hash = randomHash();
    expect(RegisterHashesInput.parse({ hashes: [{ hash: hash.toUpperCase(), quality: 80 }] }).hashes[0]?.hash).toBe(
      hash,
    );
    expect(RegisterHashesInput.safeParse({ hashes: [{ hash: "abc", quality: 80 }] }).error?.issues[0]?.message).toMatch(
      /64 hexadecimal characters/,
    );
    expect(RegisterHashesInput.safeParse({ hashes: [] }).success).toBe(false);
  });

  it("stores a hash the account already registered only once", async () => {
    const hash = randomHash();
    await service.register("alice", [{ hash, quality: 90, source: "image" }]);
    const again = await service.register("alice", [
      { hash, quality: 90, source: "image" },
      { hash, quality: 90, source: "image" },
    ]);
    expect(again).toMatchObject({ registered: [], alreadyRegistered: 2 });
    expect(await store.list("alice")).toHaveLength(1);
  });
});

describe("matching against registered hashes", () => {
  it(`matches a probe within Hamming distance ${PDQ_MATCH_DISTANCE} of a registered hash, and none farther`, async () => {
    const hash = randomHash();
    const { registered } = await service.register("alice", [{ hash, quality: 90, source: "image" }]);
    for (let i = 0; i < 50; i++)
      await service.register(`decoy${i}`, [{ hash: randomHash(), quality: 90, source: "image" }]);
    const matches = await index.match([flip(hash, 31), flip(hash, 32), randomHash()]);
    expect(matches).toEqual([{ probe: 0, userId: "alice", hashId: registered[0]?.hashId, distance: 31 }]);
  });

  it("finds every hash within the distance however the differing bits spread over its substrings, exactly as a full comparison", async () => {
    // The worst spread for a multi-index lookup: 31 bits as one in one 16-bit substring and two in
    // each of the other fifteen (no substring equal to the probe's); 32 as two in every substring.
    const spread = (hex: string, perSubstring: number[]) => {
      let value = BigInt(`0x${hex}`);
      perSubstring.forEach((n, i) => {
        for (let b = 0; b < n; b++) value ^= 1n << BigInt(255 - (i * 16 + b * 7));
      });
      return value.toString(16).padStart(64, "0");
    };
    const hash = randomHash();
    await index.put([{ userId: "alice", hashId: "kept", hex: hash }]);
    const others = Array.from({ length: 2_000 }, () => randomHash());
    await index.put(others.map((hex, i) => ({ userId: `other${i % 40}`, hashId: `o${i}`, hex })));
    const at31 = spread(hash, [1, ...Array(15).fill(2)]);
    const at32 = spread(hash, Array(16).fill(2));
    expect(await index.match([at31, at32])).toEqual([{ probe: 0, userId: "alice", hashId: "kept", distance: 31 }]);
    // Against a full comparison of every row: at the match distance, at one a wider lookup serves, and at one compared in full.
    for (const maxDistance of [PDQ_MATCH_DISTANCE, 40, 100]) {
      // More probes than one statement takes (a video's frames): each match keeps its probe's place.
      const probes = [
        ...Array.from({ length: 9 }, () => randomHash()),
        others[7] as string,
        flip(others[9] as string, 20),
      ];
      const found = await index.match(probes, maxDistance);
      const all = [...others.map((hex, i) => ({ hex, hashId: `o${i}` })), { hex: hash, hashId: "kept" }];
      const expected = probes.flatMap((probe, i) =>
        all
          .map(({ hex, hashId }) => ({ probe: i, hashId, distance: hamming(probe, hex) }))
          .filter((m) => m.distance <= maxDistance),
      );
      expect(found.map((m) => [m.probe, m.hashId, m.distance]).sort()).toEqual(
        expected.map((m) => [m.probe, m.hashId, m.distance]).sort(),
      );
    }
  }, 60_000);

  it("makes a deleted hash unmatchable at once, and the rest of the account's still matchable", async () => {
    const kept = randomHash();
    const gone = randomHash();
    const { registered } = await service.register("alice", [
      { hash: kept, quality: 90, source: "image" },
      { hash: gone, quality: 90, source: "image" },
    ]);
    await service.delete("alice", registered[1]?.hashId as string);
    expect(await index.match([gone])).toEqual([]);
    expect(await index.match([kept])).toMatchObject([{ hashId: registered[0]?.hashId, distance: 0 }]);
    expect((await service.list("alice")).count).toBe(1);
  });

  it("deletes all of an account's hashes, or on erasure its index rows, and leaves other accounts' alone", async () => {
    const alice = randomHash();
    const bob = randomHash();
    await service.register("alice", [{ hash: alice, quality: 90, source: "image" }]);
    await service.register("bob", [{ hash: bob, quality: 90, source: "image" }]);
    expect(await service.deleteAll("alice")).toBe(1);
    expect(await index.match([alice])).toEqual([]);
    expect((await service.list("alice")).count).toBe(0);
    await service.userErased("bob");
    expect(await index.match([bob])).toEqual([]);
  });

  it("refuses to delete a hash of another account as missing", async () => {
    const { registered } = await service.register("alice", [{ hash: randomHash(), quality: 90, source: "image" }]);
    const error = await service.delete("bob", registered[0]?.hashId as string).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe("not-found");
    expect((await service.list("alice")).count).toBe(1);
  });
});
