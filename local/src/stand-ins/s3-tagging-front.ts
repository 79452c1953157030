import http from "node:http";
import { PutObjectTaggingCommand, S3Client } from "@aws-sdk/client-s3";
import { buildAwsClient } from "@lg/lambdas/shared/aws/clients";
import { listen, type RunningServer } from "../aws/http-server.js";
import { LOCAL_CREDENTIALS, localClientConfig } from "./client-config.js";
import { headerSignedRequestProblem, presignedRequestProblem } from "./presigned-v4.js";

/** Sub-resources and multipart steps whose PUT is not "store this object". */
const NOT_AN_OBJECT_PUT = ["tagging", "acl", "uploadId", "partNumber", "retention", "legal-hold"];

const secretFor = (accessKeyId: string) =>
  accessKeyId === LOCAL_CREDENTIALS.accessKeyId ? LOCAL_CREDENTIALS.secretAccessKey : undefined;

/**
 * s3rver checks no SigV4 signature (it takes any V4 Authorization header or presigned URL as
 * valid) and serves anonymous requests, so anyone who could reach the port could read, list or
 * store objects, a face photo among them. The front refuses, 403 as S3 does, every request that
 * is neither signed in its Authorization header nor presigned with a signature and expiry that
 * hold; the SDK clients and the presigned URLs the product makes pass unchanged. Gives whether
 * the request was refused (and answered).
 */
function refuseUnsigned(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  // A CORS preflight carries the URL's query but is never signed (S3 answers it from the CORS rules).
  if (req.method === "OPTIONS") return false;
  const request = { method: req.method ?? "GET", rawUrl: req.url ?? "/", headers: req.headers };
  const presigned = new URL(req.url ?? "/", "http://stand-in").searchParams.has("X-Amz-Signature");
  const problem = presigned
    ? presignedRequestProblem(request, secretFor, new Date())
    : req.headers.authorization
      ? headerSignedRequestProblem(request, secretFor, new Date())
      : { code: "AccessDenied", message: "Anonymous access is not allowed: sign the request or use a presigned URL" };
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
 * signed or presigned one once refuseUnsigned has checked it), signature included, and after a successful
 * object PUT with that header stores the tags with PutObjectTagging.
 */
export async function startS3TaggingFront(upstreamUrl: string): Promise<RunningServer> {
  const upstream = new URL(upstreamUrl);
  const client = buildAwsClient(S3Client, localClientConfig(upstreamUrl));
  const server = http.createServer((req, res) => {
    if (refuseUnsigned(req, res)) return;
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
