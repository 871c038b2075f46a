import type { JobHandler } from '../handler.ts';
import { askHandler } from './ask.handler.ts';
import { chartsHandler } from './charts.handler.ts';
import { equationsHandler } from './equations.handler.ts';
import { classifyHandler } from './classify.handler.ts';
import { extractHandler } from './extract.handler.ts';
import { layoutHandler } from './layout.handler.ts';
import { ocrHandler } from './ocr.handler.ts';
import { parseHandler } from './parse.handler.ts';
import { schemaAutoHandler } from './schema-auto.handler.ts';
import { splitHandler } from './split.handler.ts';
import { tablesHandler } from './tables.handler.ts';
import { synthesizeHandler } from './synthesize.handler.ts';
import { synthesizeSetHandler } from './synthesize-set.handler.ts';

/**
 * Every job handler, one per operation, each in its own file `<operation>.handler.ts` in this folder.
 * buildHandlerRegistry() refuses to start when an operation the API accepts has no handler or has two.
 */
export const allHandlers: JobHandler[] = [
  parseHandler,
  layoutHandler,
  ocrHandler,
  tablesHandler,
  classifyHandler,
  splitHandler,
  schemaAutoHandler,
  extractHandler,
  askHandler,
  equationsHandler,
  chartsHandler,
  synthesizeHandler,
  synthesizeSetHandler,
];
