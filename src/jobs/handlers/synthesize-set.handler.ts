import { synthesizeSet } from '../../pipeline/synthesize/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { SynthesizeRequest } from '../requests/synthesize.ts';
import { synthesisPorts } from './synthesis-ports.ts';

/** A set of related documents planned together, each member checked against those it must match. */
export const synthesizeSetHandler: JobHandler<SynthesizeRequest> = {
  operation: 'synthesize_set',
  run(ctx) {
    const { prompt, inputs = [] } = ctx.request;
    return synthesizeSet(prompt, inputs, synthesisPorts(ctx));
  },
};
