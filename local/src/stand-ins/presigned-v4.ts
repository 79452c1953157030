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
  const signedAt = parseAmzDate(amzDate);
  const expires = Number(query.get("X-Amz-Expires"));
  if (Number.isNaN(signedAt) || !Number.isFinite(expires)) {
    return { code: "AuthorizationQueryParametersError", message: "X-Amz-Date or X-Amz-Expires is malformed" };
  }
  if (now.getTime() > signedAt + expires * 1000) return { code: "AccessDenied", message: "Request has expired" };

  return signatureProblem(request, {
    secret,
    amzDate,
    scope: scopeParts.join("/"),
    signedHeaders,
    payloadHash: query.get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD",
    signature: query.get("X-Amz-Signature") ?? "",
    signatureInQuery: true,
  });
}

/** How far a header-signed request's X-Amz-Date may be from the server's clock (S3's own rule). */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;

/**
 * Checks a request signed in its Authorization header (SigV4, as every SDK client signs) as S3
 * does: the credential's key, the date within 15 minutes, and the signature over the method, path,
 * query, the signed headers and the declared payload hash. s3rver computes no V4 signature at all
 * (it accepts any), so without this a forged or stale Authorization header would pass.
 */
export function headerSignedRequestProblem(
  request: { method: string; rawUrl: string; headers: Record<string, string | string[] | undefined> },
  secretFor: (accessKeyId: string) => string | undefined,
  now: Date,
): { code: string; message: string } | null {
  const authorization = String(request.headers.authorization ?? "");
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(
    authorization.trim(),
  );
  if (!match) {
    return { code: "AccessDenied", message: "Only AWS Signature Version 4 (AWS4-HMAC-SHA256) is accepted" };
  }
  const [, credential = "", signedHeaderList = "", signature = ""] = match;
  const [accessKeyId, ...scopeParts] = credential.split("/");
  const secret = accessKeyId ? secretFor(accessKeyId) : undefined;
  if (!secret) return { code: "InvalidAccessKeyId", message: "The access key in the request is not known" };
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  const signedAt = parseAmzDate(amzDate);
  if (Number.isNaN(signedAt)) return { code: "AccessDenied", message: "X-Amz-Date is missing or malformed" };
  if (Math.abs(now.getTime() - signedAt) > MAX_CLOCK_SKEW_MS) {
    return {
      code: "RequestTimeTooSkewed",
      message: "The difference between the request time and the current time is too large",
    };
  }
  return signatureProblem(request, {
    secret,
    amzDate,
    scope: scopeParts.join("/"),
    signedHeaders: signedHeaderList.split(";").filter(Boolean),
    payloadHash: String(request.headers["x-amz-content-sha256"] ?? "UNSIGNED-PAYLOAD"),
    signature,
    signatureInQuery: false,
  });
}

const parseAmzDate = (amzDate: string) =>
  Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));

/** The SigV4 signature check both ways of signing share: the canonical request, its scope, the HMAC chain. */
function signatureProblem(
  request: { method: string; rawUrl: string; headers: Record<string, string | string[] | undefined> },
  signed: {
    secret: string;
    amzDate: string;
    scope: string;
    signedHeaders: string[];
    payloadHash: string;
    signature: string;
    signatureInQuery: boolean;
  },
): { code: string; message: string } | null {
  const query = new URL(request.rawUrl, "http://stand-in").searchParams;
  const canonicalQuery = [...query]
    .filter(([name]) => !(signed.signatureInQuery && name === "X-Amz-Signature"))
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
    ...signed.signedHeaders.map((name) => `${name}:${headerValue(name)}`),
    "",
    signed.signedHeaders.join(";"),
    signed.payloadHash,
  ].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", signed.amzDate, signed.scope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = signed.scope
    .split("/")
    .reduce<Buffer | string>((key, part) => hmac(key, part), `AWS4${signed.secret}`);
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString("hex"));
  const given = Buffer.from(signed.signature);
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
