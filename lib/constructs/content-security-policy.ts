/**
 * The Content-Security-Policy of the web app. Everything is same-origin (the API is served under
 * /api by the same CloudFront distribution), so nothing third party is allowed anywhere. The one
 * other origin is the biometric bucket's: the browser PUTs samples straight to it through
 * presigned URLs, so connect-src lists it (`uploadOrigins`) and nothing else.
 *
 * - 'wasm-unsafe-eval' lets the zero-knowledge mode compile WebAssembly models in the browser; it
 *   does not allow eval() of JavaScript.
 * - blob: covers camera/microphone captures shown back to the user and model workers.
 * - No 'unsafe-inline' scripts or styles: the React build ships external files only.
 */
export interface WebOriginOptions {
  /** Where presigned uploads go: the biometric bucket in AWS, the S3 stand-in locally. */
  uploadOrigins: string[];
  /**
   * False for the local web origin, which is plain HTTP on localhost: it leaves out what only
   * means something over HTTPS (HSTS and upgrade-insecure-requests, which would send the page's
   * calls to an https://localhost nobody serves).
   */
  https?: boolean;
}

export const contentSecurityPolicy = ({ uploadOrigins, https = true }: WebOriginOptions) =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...uploadOrigins].join(" "),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");

/** Camera and microphone for enrolment on this origin only; every other powerful feature off. */
export const PERMISSIONS_POLICY =
  "camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), interest-cohort=()";

/** HSTS for two years, subdomains included, eligible for browsers' preload lists. */
export const HSTS_MAX_AGE_DAYS = 730;
export const FRAME_OPTIONS = "DENY";
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
export const CROSS_ORIGIN_OPENER_POLICY = "same-origin";

/**
 * Every header CloudFront's response-headers policy adds (website.ts builds that policy from the
 * values above), as the browser receives them. The local web origin sends these too, so a change
 * that breaks under the policy breaks locally first.
 */
export function webSecurityHeaders(options: WebOriginOptions): Record<string, string> {
  const https = options.https ?? true;
  return {
    "content-security-policy": contentSecurityPolicy(options),
    ...(https
      ? { "strict-transport-security": `max-age=${HSTS_MAX_AGE_DAYS * 86_400}; includeSubDomains; preload` }
      : {}),
    "x-content-type-options": "nosniff",
    "x-frame-options": FRAME_OPTIONS,
    "referrer-policy": REFERRER_POLICY,
    "x-xss-protection": "1; mode=block",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": CROSS_ORIGIN_OPENER_POLICY,
  };
}
