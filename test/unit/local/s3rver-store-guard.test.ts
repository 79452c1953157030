import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FilesystemStore } from "s3rver";
import { afterEach, describe, expect, it } from "vitest";
import { serializeDirectoryChanges } from "../../../local/src/stand-ins/s3rver-store-guard.js";

const require = createRequire(import.meta.url);
const FilesystemStoreClass = require("s3rver/lib/stores/filesystem.js") as new (
  dir: string,
) => FilesystemStore & {
  putBucket(name: string): Promise<void>;
  deleteObject(bucket: string, key: string): Promise<void>;
  existsObject(bucket: string, key: string): Promise<boolean>;
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
});
