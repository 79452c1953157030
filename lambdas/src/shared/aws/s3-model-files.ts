import { createHash } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { ModelFileMissing, type ModelFileSource } from "@lg/detection/models/model-files";

/** A model file whose bytes are not the ones the deployment pinned: never loaded. */
export class ModelFileHashMismatch extends Error {
  constructor(
    readonly file: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`SHA-256 mismatch for model file ${file}: expected ${expected}, got ${actual}. Refusing to load it.`);
    this.name = "ModelFileHashMismatch";
  }
}

export interface S3ModelSourceOptions {
  s3: S3Client;
  bucket: string;
  /** This function's model files and their SHA-256 (MODEL_FILES); the object key is `<sha256>/<file>`. */
  files: Readonly<Record<string, string>>;
  /** Local storage the files are copied into (Lambda's ephemeral /tmp). */
  cacheDir: string;
}

/** The object key of a model file: content-addressed, so a deploy never changes the bytes under a running function. */
export const modelObjectKey = (file: string, sha256: string) => `${sha256}/${file}`;

/**
 * Model files copied from S3 into local storage on first use, each checked against the SHA-256 the
 * deployment pinned while it streams (nothing unverified keeps its final name), once per container
 * however many loads race for it. A file outside this function's set is missing, as in a folder.
 */
export function s3ModelSource(options: S3ModelSourceOptions): ModelFileSource {
  const copies = new Map<string, Promise<string>>();

  async function copy(file: string, sha256: string): Promise<string> {
    const target = path.join(options.cacheDir, sha256, file);
    // Only a verified copy is ever renamed to the target, so one that exists was checked.
    if (existsSync(target)) return target;
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${process.pid}`;
    const response = await options.s3.send(
      new GetObjectCommand({ Bucket: options.bucket, Key: modelObjectKey(file, sha256) }),
    );
    if (!response.Body) throw new Error(`S3 returned no body for model file ${file}`);
    const hash = createHash("sha256");
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(response.Body as NodeJS.ReadableStream, hashing, createWriteStream(partial));
      const actual = hash.digest("hex");
      if (actual !== sha256) throw new ModelFileHashMismatch(file, sha256, actual);
      await rename(partial, target);
      return target;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  return {
    offers: (file) => file in options.files,
    localPath(file) {
      const sha256 = options.files[file];
      if (!sha256) return Promise.reject(new ModelFileMissing(file, "not in this function's MODEL_FILES"));
      let copying = copies.get(file);
      if (!copying) {
        copying = copy(file, sha256).catch((error: unknown) => {
          copies.delete(file);
          throw error;
        });
        copies.set(file, copying);
      }
      return copying;
    },
  };
}
