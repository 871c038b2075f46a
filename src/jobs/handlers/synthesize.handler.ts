import { synthesizeOne } from '../../pipeline/synthesize/mod.ts';
import type { JobHandler } from '../handler.ts';
import type { SynthesizeRequest } from '../requests/synthesize.ts';
import { synthesisPorts } from './synthesis-ports.ts';

/** One document: generated from the prompt (and its sources), or a source edited as the prompt says. */
export const synthesizeHandler: JobHandler<SynthesizeRequest> = {
  operation: 'synthesize',
  run(ctx) {
    const { prompt, inputs = [] } = ctx.request;
    return synthesizeOne(prompt, inputs, synthesisPorts(ctx));
  },
};
