/**
 * Headers for every response. Next's inline bootstrap scripts need 'unsafe-inline'
 * (nonces would force every page to render dynamically); framing is refused outright.
 */
export function securityHeaders(): { key: string; value: string }[] {
  const dev = process.env.NODE_ENV !== "production";
  const storage = process.env.S3_ENDPOINT ? new URL(process.env.S3_ENDPOINT).origin : "";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // The recorder plays a clip back from the browser's copy (an object URL) before it uploads.
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${storage}${dev ? " ws:" : ""}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  return [
    { key: "Content-Security-Policy", value: csp },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    // The reminder dialog records voice and video on our own pages; no frame or other origin may.
    { key: "Permissions-Policy", value: "camera=(self), microphone=(self), geolocation=()" },
  ];
}

/** Two years, subdomains included: the values hstspreload.org asks for. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

interface HeaderRule {
  source: string;
  has?: { type: "header"; key: string; value: string }[];
  headers: { key: string; value: string }[];
}

/**
 * next.config.ts's header rules: the security headers on every response and, in a production
 * build, Strict-Transport-Security on responses the TLS-terminating proxy marks as https (the
 * header is checked per request; over plain http it must not be sent, RFC 6797 §7.2).
 */
export function securityHeaderRules(): HeaderRule[] {
  const rules: HeaderRule[] = [{ source: "/:path*", headers: securityHeaders() }];
  if (process.env.NODE_ENV === "production") {
    rules.push({
      source: "/:path*",
      // The first entry is the client's own connection; Next.js anchors the pattern.
      has: [{ type: "header", key: "x-forwarded-proto", value: "https(\\s*,.*)?" }],
      headers: [{ key: "Strict-Transport-Security", value: STRICT_TRANSPORT_SECURITY }],
    });
  }
  return rules;
}
