import type { JobHandler } from '../handler.ts';

/**
 * Every job handler, one per operation, each in its own file `<operation>.handler.ts` in this folder.
 * Add new handlers here; buildHandlerRegistry() refuses to start when an operation the API accepts has no
 * handler or has two.
 */
export const allHandlers: JobHandler[] = [];
