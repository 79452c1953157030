import http from "node:http";
import { PutObjectTaggingCommand, S3Client } from "@aws-sdk/client-s3";
import { listen, type RunningServer } from "../aws/http-server.js";
import { localClientConfig } from "./client-config.js";

/** Sub-resources and multipart steps whose PUT is not "store this object". */
const NOT_AN_OBJECT_PUT = ["tagging", "acl", "uploadId", "partNumber", "retention", "legal-hold"];

/**
 * s3rver ignores the `x-amz-tagging` header of PutObject (tags set at upload, which the biometric
 * store uses so lifecycle rules apply). This front passes every request through unchanged, signature
 * included, and after a successful object PUT with that header stores the tags with PutObjectTagging.
 */
export async function startS3TaggingFront(upstreamUrl: string): Promise<RunningServer> {
  const upstream = new URL(upstreamUrl);
  const client = new S3Client(localClientConfig(upstreamUrl));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", upstreamUrl);
    const [bucket, ...keyParts] = url.pathname.slice(1).split("/");
    const tagging = req.headers["x-amz-tagging"];
    const taggedObjectPut =
      req.method === "PUT" &&
      typeof tagging === "string" &&
      bucket &&
      keyParts.length > 0 &&
      !req.headers["x-amz-copy-source"] &&
      !NOT_AN_OBJECT_PUT.some((p) => url.searchParams.has(p));

    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      async (upstreamRes) => {
        if (taggedObjectPut && upstreamRes.statusCode === 200) {
          try {
            const TagSet = [...new URLSearchParams(tagging)].map(([Key, Value]) => ({ Key, Value }));
            const Key = decodeURIComponent(keyParts.join("/"));
            await client.send(new PutObjectTaggingCommand({ Bucket: bucket, Key, Tagging: { TagSet } }));
          } catch (error) {
            upstreamRes.resume();
            res.writeHead(500, { "content-type": "application/xml" });
            res.end(`<Error><Code>InternalError</Code><Message>${(error as Error).message}</Message></Error>`);
            return;
          }
        }
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    forward.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(error.message);
    });
    req.pipe(forward);
  });
  const running = await listen(server);
  return {
    ...running,
    close: async () => {
      client.destroy();
      await running.close();
    },
  };
}
