import { createHash } from 'node:crypto';
import { buildClassifyView } from '../../pipeline/views/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { ClassifyRequest } from '../requests/documents.ts';
import { jobView } from './analysis-views.ts';

/** Classification reads the `fast` analysis: text, blocks and reading order are what it weighs. */
export const classifyHandler: JobHandler<ClassifyRequest> = {
  operation: 'classify',
  run(ctx) {
    const request = ctx.request;
    const scope = request.classification_scope ?? 'document';
    const verbosity = request.verbosity ?? 'none';
    const inputType = request.input_type ?? 'auto';
    const classes = request.class_definitions?.map((c) => ({ label: c.label.trim(), description: c.description })) ?? null;
    // The view depends on the caller's classes: they are part of its name in the view cache.
    const classKey = classes ? createHash('sha256').update(JSON.stringify(classes)).digest('hex').slice(0, 16) : 'builtin';
    return jobView(ctx, { profile: 'fast' }, `classify-${scope}-${verbosity}-${inputType}-${classKey}`, (model, record) =>
      buildClassifyView(model, { scope, classes, verbosity, inputType, pageSizes: record.pages }),
    );
  },
};
