import { mkdirSync } from "node:fs";
import S3rver from "s3rver";
import type { RunningServer } from "../aws/http-server.js";
import { startS3TaggingFront } from "./s3-tagging-front.js";
import { serializeDirectoryChanges } from "./s3rver-store-guard.js";
import { deleteTagsWithObjects, removeOrphanSubresources } from "./s3rver-tag-cleanup.js";

/** Lets the web app PUT to presigned URLs and read objects from its own origin (another port). */
const corsFor = (origins: string[]) => `<CORSConfiguration>
  <CORSRule>
    ${origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join("\n    ")}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver persisted under the data dir, path-style only, with the product's buckets created, behind
 * its tagging front (see s3-tagging-front.ts).
 */
export async function startS3(dir: string, buckets: string[], allowedOrigins: string[]): Promise<RunningServer> {
  mkdirSync(dir, { recursive: true });
  removeOrphanSubresources(dir);
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsFor(allowedOrigins)] })),
  });
  deleteTagsWithObjects(s3.store);
  serializeDirectoryChanges(s3.store);
  const address = (await s3.run()) as { port: number };
  const front = await startS3TaggingFront(`http://127.0.0.1:${address.port}`);
  return {
    ...front,
    close: async () => {
      await front.close();
      s3.httpServer?.closeAllConnections();
      await s3.close();
    },
  };
}
