import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * Checks a query-signed (presigned) S3 request as S3 does: the signature over the method, path,
 * query and every header named in X-Amz-SignedHeaders, and the URL's expiry. s3rver checks none of
 * this, so without it a body of any size would pass a URL signed for `content-length`. Gives the
 * S3 error code and message that refuses the request, or null when it holds.
 */
export function presignedRequestProblem(
  request: { method: string; rawUrl: string; headers: Record<string, string | string[] | undefined> },
  secretFor: (accessKeyId: string) => string | undefined,
  now: Date,
): { code: string; message: string } | null {
  const url = new URL(request.rawUrl, "http://stand-in");
  const query = url.searchParams;
  const [accessKeyId, ...scopeParts] = (query.get("X-Amz-Credential") ?? "").split("/");
  const amzDate = query.get("X-Amz-Date") ?? "";
  const signedHeaders = (query.get("X-Amz-SignedHeaders") ?? "").split(";").filter(Boolean);
  const secret = accessKeyId ? secretFor(accessKeyId) : undefined;
  if (!secret) return { code: "InvalidAccessKeyId", message: "The access key in the URL is not known" };
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
  const expires = Number(query.get("X-Amz-Expires"));
  if (Number.isNaN(signedAt) || !Number.isFinite(expires)) {
    return { code: "AuthorizationQueryParametersError", message: "X-Amz-Date or X-Amz-Expires is malformed" };
  }
  if (now.getTime() > signedAt + expires * 1000) return { code: "AccessDenied", message: "Request has expired" };

  const canonicalQuery = [...query]
    .filter(([name]) => name !== "X-Amz-Signature")
    .map(([name, value]) => [rfc3986(name), rfc3986(value)])
    .sort(([a = "", av = ""], [b = "", bv = ""]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headerValue = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value.join(",") : (value ?? "")).trim().replace(/\s+/g, " ");
  };
  const canonicalRequest = [
    request.method,
    // S3 signs the path as sent, without normalising it.
    request.rawUrl.split("?")[0],
    canonicalQuery,
    ...signedHeaders.map((name) => `${name}:${headerValue(name)}`),
    "",
    signedHeaders.join(";"),
    query.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = scopeParts.join("/");
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = scopeParts.reduce<Buffer | string>((key, part) => hmac(key, part), `AWS4${secret}`);
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString("hex"));
  const given = Buffer.from(query.get("X-Amz-Signature") ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided",
    };
  }
  return null;
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256Hex = (data: string) => createHash("sha256").update(data).digest("hex");
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
