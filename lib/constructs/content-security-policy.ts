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
export const contentSecurityPolicy = (options: { uploadOrigins: string[] }) =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...options.uploadOrigins].join(" "),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");

/** Camera and microphone for enrolment on this origin only; every other powerful feature off. */
export const PERMISSIONS_POLICY =
  "camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), interest-cohort=()";
