import { synthesizeOne } from '../../pipeline/synthesize/mod.ts';
import type { JobHandler } from '../handler.ts';
import { synthesisPorts, type SynthesisRequest } from './synthesis-ports.ts';

/** One document: generated from the prompt (and its sources), or a source edited as the prompt says. */
export const synthesizeHandler: JobHandler = {
  operation: 'synthesize',
  run(ctx) {
    const { prompt, inputs = [] } = ctx.request as unknown as SynthesisRequest;
    return synthesizeOne(prompt, inputs, synthesisPorts(ctx));
  },
};
