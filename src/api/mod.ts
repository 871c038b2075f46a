// The HTTP front end (Fastify): what the composition root (runtime.ts, server.ts) needs to build and run it.
export type { AppContext, ReadinessCheck, ReadinessFacts } from './context.ts';
export type { KeyRing } from './keys.ts';
export { buildApp } from './app.ts';
export { ensureKeys } from './keys.ts';
export { PROCESSING_OPERATIONS } from './routes/index.ts';
