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
