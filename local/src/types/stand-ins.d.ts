// dynalite and s3rver ship no type declarations; these cover the parts the local stack uses.
declare module "dynalite" {
  import type { Server } from "node:http";

  interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }
  export default function dynalite(options?: DynaliteOptions): Server;
}

declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: import("node:http").Server;
    store: FilesystemStore;
  }
  /** The parts of s3rver's FilesystemStore that the store guard wraps (s3rver-store-guard.ts). */
  export interface FilesystemStore {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    putMetadata(bucket: string, key: string, metadata: unknown, md5?: string): Promise<void>;
    putObject(object: {
      bucket: string;
      key: string;
      metadata: unknown;
      content: Buffer | import("node:stream").Readable;
    }): Promise<{ size: number; md5: string }>;
    [method: string]: unknown;
  }
}
