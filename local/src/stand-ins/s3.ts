import { mkdirSync } from "node:fs";
import S3rver from "s3rver";
import type { RunningServer } from "../aws/http-server.js";

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

/** s3rver persisted under the data dir, path-style only, with the product's buckets created. */
export async function startS3(dir: string, buckets: string[], allowedOrigins: string[]): Promise<RunningServer> {
  mkdirSync(dir, { recursive: true });
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsFor(allowedOrigins)] })),
  });
  const address = (await s3.run()) as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: async () => {
      s3.httpServer?.closeAllConnections();
      await s3.close();
    },
  };
}
