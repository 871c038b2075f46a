import type { AppContext } from '../context.ts';

/** Every source of a synthesis request is a stored document of the caller (404 otherwise), checked before any work. */
export async function checkSynthesisInputs(body: Record<string, unknown>, caller: { ctx: AppContext; tenant: string }): Promise<void> {
  const inputs = (body.inputs as { file_id: string }[] | undefined) ?? [];
  for (const input of inputs) await caller.ctx.files.get(caller.tenant, input.file_id);
}
