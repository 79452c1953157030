import { createHash, randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FilesystemStore } from "s3rver";

/** Store methods that make or prune directories: any two of them must not interleave. */
const DIRECTORY_CHANGING = [
  "copyObject",
  "deleteObject",
  "putObjectMultipart",
  "putSubresource",
  "deleteSubresource",
] as const;

/**
 * s3rver 3.7 races with itself. deleteObject removes a key's directories once they look empty, and
 * a putObject to the same folder may have made the directory but not yet opened its file: the
 * write then fails with ENOENT on a stream nobody listens to, which kills the whole process (it
 * took down CI while an account's erasure ran beside that account's scan). In AWS, S3 has no
 * directories, so the product must not have to care. Here every directory-changing store call
 * runs one at a time, and putObject reads its body before taking its turn, so a slow upload
 * holds nothing up.
 *
 * An S3 object appears whole or not at all; s3rver's file is truncated first and filled after, and
 * its size is what a read reports, so a read during a PUT saw 0 bytes (an analysis read an upload
 * mid-PUT as an empty file under load). The body is written beside the object under a name
 * listings skip, then renamed into place, which POSIX makes atomic.
 */
export function serializeDirectoryChanges(store: FilesystemStore): void {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };

  for (const name of DIRECTORY_CHANGING) {
    const original = store[name];
    if (typeof original !== "function")
      throw new Error(`s3rver's store has no ${name}: the store guard needs updating`);
    store[name] = (...args: unknown[]) =>
      inTurn(() => (original as (...a: unknown[]) => Promise<unknown>).apply(store, args));
  }

  store.putObject = async (object) => {
    const content = Buffer.isBuffer(object.content) ? object.content : await readAll(object.content);
    const md5 = createHash("md5").update(content).digest("hex");
    const objectPath = store.getResourcePath(object.bucket, object.key, "object");
    return inTurn(async () => {
      await mkdir(path.dirname(objectPath), { recursive: true });
      const partial = `${objectPath}.partial-${randomUUID()}`;
      await writeFile(partial, content);
      // Metadata first: a new object becomes readable only once it has some.
      await store.putMetadata(object.bucket, object.key, object.metadata, md5);
      await rename(partial, objectPath);
      return { size: content.length, md5 };
    });
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
