import { readdirSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { unlink } from "node:fs/promises";
import path from "node:path";
import type { FilesystemStore } from "s3rver";

/** Sub-resources s3rver keeps beside an object file, named `<key>._S3rver_<resource>`. */
const OBJECT_SUBRESOURCES = ["tagging.xml", "acl.xml"];
const MARK = "._S3rver_";

/**
 * S3 deletes an object's tags with the object; s3rver's deleteObject leaves its `tagging.xml`
 * behind, a file named after the key (user and sample ids) that outlives an erasure, and keeps the
 * key's folders from being pruned. Here they go first, then the object as before.
 */
export function deleteTagsWithObjects(store: FilesystemStore): void {
  // s3rver's types leave deleteObject out; the store guard (s3rver-store-guard.ts) checks it exists.
  const deletable = store as unknown as { deleteObject(bucket: string, key: string): Promise<void> };
  const original = deletable.deleteObject.bind(store);
  deletable.deleteObject = async (bucket: string, key: string) => {
    for (const resource of OBJECT_SUBRESOURCES) {
      await unlink(store.getResourcePath(bucket, key, resource)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    }
    return original(bucket, key);
  };
}

/**
 * Sub-resource files whose object is gone (left by deletions before deleteTagsWithObjects), and
 * the folders they alone kept, removed at start: a data dir kept from an older run holds no file
 * naming an erased person. Gives how many files went.
 */
export function removeOrphanSubresources(dir: string): number {
  let removed = 0;
  const sweep = (folder: string): boolean => {
    const names = readdirSync(folder);
    for (const name of names) {
      // The bucket's own configuration and multipart uploads (`._S3rver_cors.xml`, `._S3rver_uploads`).
      if (name.startsWith(MARK)) continue;
      const full = path.join(folder, name);
      if (statSync(full).isDirectory()) {
        if (sweep(full)) rmdirSync(full);
        continue;
      }
      const at = name.lastIndexOf(MARK);
      if (at < 0 || !OBJECT_SUBRESOURCES.includes(name.slice(at + MARK.length))) continue;
      if (!names.includes(`${name.slice(0, at)}${MARK}object`)) {
        unlinkSync(full);
        removed++;
      }
    }
    return readdirSync(folder).length === 0;
  };
  // The bucket folders themselves stay, empty or not.
  for (const bucket of readdirSync(dir)) {
    if (statSync(path.join(dir, bucket)).isDirectory()) sweep(path.join(dir, bucket));
  }
  return removed;
}
