import http from "node:http";
import { PutObjectTaggingCommand, S3Client } from "@aws-sdk/client-s3";
import { listen, type RunningServer } from "../aws/http-server.js";
import { LOCAL_CREDENTIALS, localClientConfig } from "./client-config.js";
import { presignedRequestProblem } from "./presigned-v4.js";

/** Sub-resources and multipart steps whose PUT is not "store this object". */
const NOT_AN_OBJECT_PUT = ["tagging", "acl", "uploadId", "partNumber", "retention", "legal-hold"];

const secretFor = (accessKeyId: string) =>
  accessKeyId === LOCAL_CREDENTIALS.accessKeyId ? LOCAL_CREDENTIALS.secretAccessKey : undefined;

/**
 * s3rver checks no signature of a presigned URL, so a PUT to a URL signed for 5 bytes (the
 * `content-length` signed header of an upload URL) would store any body. The front checks a
 * presigned request's signature and expiry as S3 does, and refuses it 403 before s3rver sees it;
 * requests signed in the Authorization header (the SDK clients) pass through unchanged.
 */
function refusePresigned(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  // A CORS preflight carries the URL's query but is never signed (S3 answers it from the CORS rules).
  if (req.method === "OPTIONS") return false;
  if (!new URL(req.url ?? "/", "http://stand-in").searchParams.has("X-Amz-Signature")) return false;
  const problem = presignedRequestProblem(
    { method: req.method ?? "GET", rawUrl: req.url ?? "/", headers: req.headers },
    secretFor,
    new Date(),
  );
  if (!problem) return false;
  // The answer waits for the body to be drained (not stored), so the client reads it instead of a reset socket.
  const origin = req.headers.origin;
  req.resume();
  req.on("end", () => {
    // The origin is echoed so the page can read why its upload was refused, as S3's CORS rules allow.
    res.writeHead(403, {
      "content-type": "application/xml",
      ...(origin ? { "access-control-allow-origin": origin } : {}),
    });
    res.end(`<Error><Code>${problem.code}</Code><Message>${problem.message}</Message></Error>`);
  });
  return true;
}

/**
 * s3rver ignores the `x-amz-tagging` header of PutObject (tags set at upload, which the biometric
 * store uses so lifecycle rules apply). This front passes every request through unchanged (a
 * presigned one once refusePresigned has checked it), signature included, and after a successful
 * object PUT with that header stores the tags with PutObjectTagging.
 */
export async function startS3TaggingFront(upstreamUrl: string): Promise<RunningServer> {
  const upstream = new URL(upstreamUrl);
  const client = new S3Client(localClientConfig(upstreamUrl));
  const server = http.createServer((req, res) => {
    if (refusePresigned(req, res)) return;
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
