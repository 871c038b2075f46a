import type { FastifyInstance } from 'fastify';
import { ValidationError } from '../../shared/errors.ts';
import { UsageLedger, utcDay } from '../../jobs/mod.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../schemas/common.ts';

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const counter = { jobs: { type: 'integer' }, failed: { type: 'integer' }, pages: { type: 'integer' } } as const;
const DEFAULT_DAYS = 30;

/** Jobs and pages of the caller's API key per operation and billing profile, for a range of UTC days. */
export function usageRoutes(ctx: AppContext) {
  const ledger = new UsageLedger(ctx.metadata);
  return async function routes(app: FastifyInstance): Promise<void> {
    app.get<{ Querystring: { from?: string; to?: string } }>(
      '/v1/usage',
      {
        schema: {
          tags: ['usage'],
          summary: 'Usage of this API key: finished jobs and pages per operation and billing profile',
          description: `\`from\` and \`to\` are inclusive UTC days (YYYY-MM-DD); default the last ${DEFAULT_DAYS} days.`,
          querystring: { type: 'object', properties: { from: DAY, to: DAY } },
          response: {
            200: {
              type: 'object',
              properties: {
                from: { type: 'string' },
                to: { type: 'string' },
                totals: { type: 'object', properties: counter },
                items: {
                  type: 'array',
                  items: { type: 'object', properties: { operation: { type: 'string' }, billing_profile: { type: 'string' }, ...counter } },
                },
                days: { type: 'array', items: { type: 'object', properties: { day: { type: 'string' }, ...counter } } },
              },
            },
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const now = Date.now() / 1000;
        const to = request.query.to ?? utcDay(now);
        const from = request.query.from ?? utcDay(now - (DEFAULT_DAYS - 1) * 86_400);
        if (from > to) throw ValidationError.at(['query', 'from'], '`from` must not be after `to`', 'value_error');
        return ledger.report(request.tenant, from, to);
      },
    );
  };
}
