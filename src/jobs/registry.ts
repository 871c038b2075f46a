import type { JobHandler } from './handler.ts';

export class HandlerRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HandlerRegistryError';
  }
}

export interface HandlerRegistry {
  get(operation: string): JobHandler | undefined;
  operations(): string[];
}

/**
 * Built once at startup: a worker that cannot run every operation the API accepts, or that has two
 * handlers for one operation, must not start.
 */
export function buildHandlerRegistry(handlers: JobHandler[], requiredOperations: string[]): HandlerRegistry {
  const byOperation = new Map<string, JobHandler>();
  const duplicates = new Set<string>();
  for (const handler of handlers) {
    if (byOperation.has(handler.operation)) duplicates.add(handler.operation);
    byOperation.set(handler.operation, handler);
  }
  const missing = [...new Set(requiredOperations)].filter((op) => !byOperation.has(op));
  const problems: string[] = [];
  if (duplicates.size) problems.push(`more than one handler for: ${[...duplicates].sort().join(', ')}`);
  if (missing.length) problems.push(`no handler for: ${missing.sort().join(', ')}`);
  if (problems.length) throw new HandlerRegistryError(`job handler registry: ${problems.join('; ')}`);
  return {
    get: (operation) => byOperation.get(operation),
    operations: () => [...byOperation.keys()].sort(),
  };
}
