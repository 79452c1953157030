import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FilesystemStore } from "s3rver";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serializeDirectoryChanges } from "../../../local/src/stand-ins/s3rver-store-guard.js";

/** A body write the test holds after the file is created and before it is filled. */
const slowWrite = vi.hoisted(() => ({ held: null as Promise<void> | null, started: false }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    writeFile: async (file: Parameters<typeof actual.writeFile>[0], data: Buffer, ...rest: unknown[]) => {
      if (slowWrite.held && Buffer.isBuffer(data) && data.length > 1024) {
        await actual.writeFile(file, "");
        slowWrite.started = true;
        await slowWrite.held;
      }
      return actual.writeFile(file, data, ...(rest as []));
    },
  };
});

const require = createRequire(import.meta.url);
const FilesystemStoreClass = require("s3rver/lib/stores/filesystem.js") as new (
  dir: string,
) => FilesystemStore & {
  putBucket(name: string): Promise<void>;
  deleteObject(bucket: string, key: string): Promise<void>;
  existsObject(bucket: string, key: string): Promise<boolean>;
  getObject(bucket: string, key: string): Promise<{ metadata: Record<string, string | number> } | null>;
  listObjects(bucket: string, options: object): Promise<{ objects: { key: string }[] }>;
};

describe("the local S3 stand-in's store", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps an object written into a folder while the folder's last other object is deleted", async () => {
    // As an account's erasure beside that account's running scan. Unguarded, s3rver prunes the
    // folder between making it and opening the new file, and the unheard write error ends the process.
    const dir = mkdtempSync(path.join(tmpdir(), "lg-s3rver-guard-"));
    dirs.push(dir);
    const store = new FilesystemStoreClass(dir);
    serializeDirectoryChanges(store);
    await store.putBucket("evidence");

    for (let i = 0; i < 50; i++) {
      await store.putObject({ bucket: "evidence", key: `f${i}/old`, metadata: {}, content: Buffer.from("old") });
      const results = await Promise.allSettled([
        store.deleteObject("evidence", `f${i}/old`),
        store.putObject({ bucket: "evidence", key: `f${i}/new`, metadata: {}, content: Buffer.from("new") }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(await store.existsObject("evidence", `f${i}/new`)).toBe(true);
      expect(await store.existsObject("evidence", `f${i}/old`)).toBe(false);
    }
  });

  it("shows an object whole or not at all while it is written, as S3 does, and lists no partial file", async () => {
    // An analysis read an upload mid-PUT as 0 bytes under load: a file is created empty, then filled.
    // The write is held half-way here (created, not filled), as a loaded machine holds it.
    const dir = mkdtempSync(path.join(tmpdir(), "lg-s3rver-guard-"));
    dirs.push(dir);
    const store = new FilesystemStoreClass(dir);
    serializeDirectoryChanges(store);
    await store.putBucket("uploads");
    const body = Buffer.alloc(64 * 1024, 7);
    let release = () => {};
    slowWrite.held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = store.putObject({
      bucket: "uploads",
      key: "a/upload",
      metadata: { "content-type": "image/jpeg" },
      content: body,
    });
    while (!slowWrite.started) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await store.getObject("uploads", "a/upload").catch(() => null)).toBeNull();
    expect((await store.listObjects("uploads", {})).objects).toEqual([]);
    release();
    await writing;
    slowWrite.held = null;
    expect(String((await store.getObject("uploads", "a/upload"))?.metadata["content-length"])).toBe(
      String(body.length),
    );
    expect((await store.listObjects("uploads", {})).objects.map((o) => o.key)).toEqual(["a/upload"]);
  });
});
