import type { SynthesizeRequest } from '../../jobs/mod.ts';
import type { AppContext } from '../context.ts';

/** Every source of a synthesis request is a stored document of the caller (404 otherwise), checked before any work. */
export async function checkSynthesisInputs(
  body: Pick<SynthesizeRequest, 'inputs'>,
  caller: { ctx: AppContext; tenant: string },
): Promise<void> {
  for (const input of body.inputs ?? []) await caller.ctx.files.get(caller.tenant, input.file_id);
}
