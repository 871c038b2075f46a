import { synthesizeSet } from '../../pipeline/synthesize/mod.ts';
import type { JobHandler } from '../handler.ts';
import { synthesisPorts, type SynthesisRequest } from './synthesis-ports.ts';

/** A set of related documents planned together, each member checked against those it must match. */
export const synthesizeSetHandler: JobHandler = {
  operation: 'synthesize_set',
  run(ctx) {
    const { prompt, inputs = [] } = ctx.request as unknown as SynthesisRequest;
    return synthesizeSet(prompt, inputs, synthesisPorts(ctx));
  },
};
