import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerProcessingRoute, type ProcessingRouteSpec } from '../processing.ts';
import { askRoute } from './ask.routes.ts';
import { chartsRoute } from './charts.routes.ts';
import { equationsRoute } from './equations.routes.ts';
import { classifyRoute } from './classify.routes.ts';
import { extractRoute } from './extract.routes.ts';
import { layoutRoute } from './layout.routes.ts';
import { ocrRoute } from './ocr.routes.ts';
import { parseRoute } from './parse.routes.ts';
import { schemaAutoRoute } from './schema.routes.ts';
import { splitRoute } from './split.routes.ts';
import { tablesRoute } from './tables.routes.ts';
import { synthesizeOneRoute, synthesizeRoute, synthesizeSetRoute } from './synthesize.routes.ts';

/** Every processing endpoint. Each names an operation that must have exactly one job handler (checked at start). */
export const processingRouteSpecs: ProcessingRouteSpec[] = [
  parseRoute,
  layoutRoute,
  ocrRoute,
  tablesRoute,
  equationsRoute,
  chartsRoute,
  classifyRoute,
  splitRoute,
  schemaAutoRoute,
  extractRoute,
  askRoute,
  synthesizeRoute,
  synthesizeOneRoute,
  synthesizeSetRoute,
];

export const PROCESSING_OPERATIONS: string[] = [...new Set(processingRouteSpecs.map((s) => s.operation))];

export function processingRoutes(ctx: AppContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    for (const spec of processingRouteSpecs) registerProcessingRoute(app, ctx, spec);
  };
}
