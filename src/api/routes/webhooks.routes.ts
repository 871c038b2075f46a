import type { FastifyInstance } from 'fastify';
import { loadWebhookSecret } from '../../shared/secrets.ts';
import {
  DEFAULT_TOLERANCE_SECONDS,
  deliveriesOf,
  deliveryStatus,
  SIGNATURE_HEADER,
  tenantWebhookSecret,
  TIMESTAMP_HEADER,
} from '../../jobs/mod.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../schemas/common.ts';

export const SIGNING_DESCRIPTION =
  `Each delivery is a POST of the final JobRef (JSON) with \`${TIMESTAMP_HEADER}: <unix seconds>\` and ` +
  `\`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<unix seconds>.<raw body>">\`, keyed with this API key's ` +
  `webhook secret. Verify by recomputing the HMAC over the exact bytes received and comparing in constant time; refuse ` +
  `timestamps more than ${DEFAULT_TOLERANCE_SECONDS} s from your clock. Network errors, timeouts and 5xx answers are retried ` +
  'with exponential backoff (each attempt freshly signed); 2xx ends the delivery, any other status gives up.';

const attemptSchema = {
  type: 'object',
  properties: {
    attempt: { type: 'integer' },
    attempted_at: { type: 'number', description: 'Epoch seconds (with milliseconds)' },
    duration_ms: { type: 'integer' },
    status_code: { type: ['integer', 'null'], description: "The receiver's HTTP status; null when it did not answer" },
    error: { type: ['string', 'null'], description: 'Why the attempt failed (network error, timeout, HTTP status)' },
    outcome: { type: 'string', enum: ['delivered', 'retrying', 'failed'] },
  },
} as const;

const jobParams = {
  type: 'object',
  required: ['job_id'],
  properties: { job_id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

/** The caller's webhook signing secret and the delivery log of a job's webhook. */
export function webhooksRoutes(ctx: AppContext) {
  // The same server secret the workers sign with (configured, or generated once into the data dir).
  let serverSecret: Promise<string> | undefined;
  const secretOf = async (tenant: string) => tenantWebhookSecret(await (serverSecret ??= loadWebhookSecret(ctx.config)), tenant);

  return async function routes(app: FastifyInstance): Promise<void> {
    app.get(
      '/v1/webhooks/secret',
      {
        schema: {
          tags: ['webhooks'],
          summary: "This API key's webhook signing secret and how deliveries are signed",
          description: SIGNING_DESCRIPTION,
          response: {
            200: {
              type: 'object',
              required: ['secret', 'algorithm', 'timestamp_header', 'signature_header', 'signed_payload'],
              properties: {
                secret: {
                  type: 'string',
                  description: "HMAC key of this API key's webhooks (`whsec_…`); stable while the server secret is",
                },
                algorithm: { type: 'string', enum: ['HMAC-SHA256'] },
                timestamp_header: { type: 'string' },
                signature_header: { type: 'string' },
                signed_payload: { type: 'string', description: 'What the HMAC covers' },
                tolerance_seconds: { type: 'integer', description: 'Suggested largest clock difference to accept' },
              },
            },
            ...errorResponses,
          },
        },
      },
      async (request) => ({
        secret: await secretOf(request.tenant),
        algorithm: 'HMAC-SHA256',
        timestamp_header: TIMESTAMP_HEADER,
        signature_header: SIGNATURE_HEADER,
        signed_payload: '<timestamp>.<raw body>',
        tolerance_seconds: DEFAULT_TOLERANCE_SECONDS,
      }),
    );

    app.get<{ Params: { job_id: string } }>(
      '/v1/jobs/:job_id/webhooks',
      {
        schema: {
          tags: ['jobs'],
          summary: 'Webhook delivery log of a job: every attempt with its time, answer or error, and duration',
          description:
            '`status`: `none` (no webhook_url), `pending` (job unfinished or a retry scheduled), `delivered` or `failed` (gave up).',
          params: jobParams,
          response: {
            200: {
              type: 'object',
              required: ['job_id', 'webhook_url', 'status', 'deliveries'],
              properties: {
                job_id: { type: 'string' },
                webhook_url: { type: ['string', 'null'] },
                status: { type: 'string', enum: ['none', 'pending', 'delivered', 'failed'] },
                deliveries: { type: 'array', items: attemptSchema },
              },
            },
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const job = await ctx.jobs.get(request.tenant, request.params.job_id);
        return { job_id: job.job_id, webhook_url: job.webhook_url ?? null, status: deliveryStatus(job), deliveries: deliveriesOf(job) };
      },
    );
  };
}
