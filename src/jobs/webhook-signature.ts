import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, Stripe style. Every delivery carries
 *   X-Docintel-Timestamp: <unix seconds>
 *   X-Docintel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<unix seconds>.<raw body>">
 * signed with the API key's (tenant's) own webhook secret. Signing the timestamp with the body lets a receiver
 * refuse replays of an old delivery (compare `t` with its clock).
 */
export const TIMESTAMP_HEADER = 'X-Docintel-Timestamp';
export const SIGNATURE_HEADER = 'X-Docintel-Signature';
/** Receivers should refuse deliveries whose timestamp is further than this from their clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';
const DERIVATION_LABEL = 'docintel-webhook-secret:v1:';

/**
 * The webhook secret of one tenant: derived from the server secret, so every node of a cluster computes the same
 * one without storing it, and no tenant can compute another's. `GET /v1/webhooks/secret` tells a key its own.
 */
export function tenantWebhookSecret(serverSecret: string, tenant: string): string {
  return (
    SECRET_PREFIX +
    createHmac('sha256', serverSecret)
      .update(DERIVATION_LABEL + tenant)
      .digest('base64url')
  );
}

/** Hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function webhookDigest(body: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The X-Docintel-Signature value: `t=<timestamp>,v1=<digest>`. */
export function signWebhook(body: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${webhookDigest(body, secret, timestamp)}`;
}

export interface VerifyOptions {
  /** Epoch seconds "now" (default: the clock). */
  now?: number;
  /** Largest accepted |now - t| in seconds (default 300; Infinity disables the check). */
  toleranceSeconds?: number;
}

/** Parses `t=...,v1=...[,v1=...]`; null when malformed. Several v1 entries are allowed (secret rotation). */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const [key, value] = [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** What a receiver does: true when `header` signs exactly `body` with `secret` and its timestamp is recent enough. */
export function verifyWebhookSignature(body: string, header: string | undefined, secret: string, options: VerifyOptions = {}): boolean {
  const parsed = header ? parseSignatureHeader(header) : null;
  if (!parsed) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parsed.timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(webhookDigest(body, secret, parsed.timestamp), 'hex');
  return parsed.signatures.some((sig) => timingSafeEqual(Buffer.from(sig, 'hex'), expected));
}
