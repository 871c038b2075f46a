import { UnprocessableError } from '../../shared/errors.ts';
import type { DocumentModel } from '../model/types.ts';
import { editPdf } from './edit/mod.ts';
import {
  checkDocument,
  checkRelated,
  computeTotals,
  exponentOf,
  planFromPrompt,
  readEditRequest,
  wantsRecompute,
  type EditRequest,
} from './plan-mod.ts';
import { renderDocument } from './render/mod.ts';
import { ledgerFromSource, type SourceLedger } from './sources.ts';
import { resolveEdits } from './source-edits.ts';
import type { DocumentLedger, Mismatch, MemberPlan, SynthesisPlan, SynthesisTask } from './types.ts';

/**
 * The synthesize family without HTTP: plan from the prompt (and the sources), render each document, check its
 * arithmetic (and its agreement with related documents) before anything is stored, store it; or edit a source in
 * place. What the service stores and reads goes through `SynthesisPorts` (the job handler wires files and the
 * analysis behind them).
 */
export interface StoredDocument {
  file: Record<string, unknown> & { file_id: string };
  pages: { page_index: number; width: number; height: number; image_ref: string }[];
}

export interface SourceDocument {
  file_id: string;
  filename: string;
  bytes: Uint8Array;
  model: DocumentModel;
  instructions: string | null;
  role: string | null;
}

export interface SynthesisPorts {
  store(filename: string, bytes: Uint8Array): Promise<StoredDocument>;
  source(fileId: string, instructions: string | null, role: string | null): Promise<SourceDocument>;
  signal?: AbortSignal;
}

export interface SynthesisInput {
  file_id: string;
  instructions?: string | null;
  role?: string | null;
}

export interface SynthesizeResult extends StoredDocument {
  task: SynthesisTask;
  prompt: string;
  source_file_ids: string[];
  metadata: Record<string, unknown>;
}

export interface SetMemberResult extends StoredDocument {
  document_key: string;
  task: SynthesisTask;
  prompt: string;
  document_type: string | null;
  role: string | null;
  input_file_ids: string[];
  source_file_ids: string[];
  depends_on: string[];
  matching_against: string[];
  matching_policy: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export interface SynthesizeSetResult {
  prompt: string;
  documents: SetMemberResult[];
  source_file_ids: string[];
  metadata: Record<string, unknown>;
}

/** A document is regenerated from its recomputed ledger at most this often before the failure is reported. */
const MAX_ATTEMPTS = 2;

export class SynthesisCheckError extends UnprocessableError {
  constructor(
    document: string,
    readonly issues: { field: string; message: string }[],
  ) {
    super(`generated ${document} failed its checks: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`);
  }
}

async function readSources(inputs: SynthesisInput[], ports: SynthesisPorts): Promise<{ docs: SourceDocument[]; ledgers: SourceLedger[] }> {
  const docs = await Promise.all(inputs.map((i) => ports.source(i.file_id, i.instructions ?? null, i.role ?? null)));
  const ledgers = await Promise.all(docs.map((d, n) => ledgerFromSource(d.model, `source_${n + 1}`, exponentOf)));
  return { docs, ledgers };
}

/** The ledger made consistent and checked: recomputed and checked again once, then reported. */
function checked(doc: DocumentLedger, related: { source: DocumentLedger; mismatches: Mismatch[] } | null): DocumentLedger {
  let current = doc;
  for (let attempt = 1; ; attempt++) {
    const issues = [...checkDocument(current), ...(related ? checkRelated(current, related.source, related.mismatches) : [])];
    if (!issues.length) return current;
    if (attempt >= MAX_ATTEMPTS) throw new SynthesisCheckError(doc.key, issues);
    current = computeTotals(current);
  }
}

const filenameOf = (doc: DocumentLedger) => `${doc.type}-${doc.number.replace(/[^A-Za-z0-9._-]+/g, '_') || doc.key}.pdf`;

function planMetadata(plan: SynthesisPlan, doc: DocumentLedger, sources: SourceLedger[]): Record<string, unknown> {
  return {
    seed: plan.seed,
    understood: plan.understood,
    ledger: doc,
    mismatches: plan.mismatches.filter((m) => m.document === doc.key),
    checks: 'passed',
    ...(sources.length ? { sources: sources.map((s) => ({ doc_class: s.docClass, missing: s.missing, ledger: s.ledger })) } : {}),
  };
}

export async function synthesizeOne(prompt: string, inputs: SynthesisInput[], ports: SynthesisPorts): Promise<SynthesizeResult> {
  const { docs, ledgers } = await readSources(inputs, ports);
  const sourceIds = docs.map((d) => d.file_id);
  const edits = docs.length ? readEditRequest(prompt) : [];
  if (edits.length) return editSource(prompt, docs[0], ledgers[0], edits, ports);
  const plan = planFromPrompt(prompt, { set: false, sources: ledgers.map((s) => s.ledger) });
  const doc = plan.documents[0];
  const source = planSources(plan)[0] ?? null;
  const final = checked(doc, source ? { source, mismatches: plan.mismatches.filter((m) => m.document === doc.key) } : null);
  ports.signal?.throwIfAborted();
  const stored = await ports.store(filenameOf(final), renderDocument(final));
  return { ...stored, task: plan.task, prompt, source_file_ids: sourceIds, metadata: planMetadata(plan, final, ledgers) };
}

async function editSource(
  prompt: string,
  source: SourceDocument,
  ledger: SourceLedger,
  requested: EditRequest[],
  ports: SynthesisPorts,
): Promise<SynthesizeResult> {
  if (source.model.content_type !== 'application/pdf')
    throw new UnprocessableError(`${source.filename} is not a PDF; only PDFs can be edited in place`);
  const { changes, unresolved } = resolveEdits(requested, ledger, wantsRecompute(prompt));
  const { bytes, applied, missing } = changes.length ? editPdf(source.bytes, changes) : { bytes: source.bytes, applied: [], missing: [] };
  if (!applied.length) {
    const named = [...missing.map((m) => `"${m.from}"`), ...unresolved.map((r) => r.instruction)];
    throw new UnprocessableError(
      `none of the values to change was found in ${source.filename}: ${named.join(', ') || 'the prompt names no value to change'}`,
    );
  }
  const stored = await ports.store(source.filename.replace(/(\.pdf)?$/i, '-edited.pdf'), bytes);
  return {
    ...stored,
    task: 'edit_document',
    prompt,
    source_file_ids: [source.file_id],
    metadata: {
      changes: applied,
      not_found: [...missing.map((m) => ({ from: m.from, to: m.to })), ...unresolved.map((r) => ({ instruction: r.instruction }))],
      requested: changes,
    },
  };
}

/** The sources as the plan used them (types from the prompt, gaps filled): related documents are checked against these. */
function planSources(plan: SynthesisPlan): DocumentLedger[] {
  return (plan.understood.source_ledgers as DocumentLedger[] | undefined) ?? [];
}

export async function synthesizeSet(prompt: string, inputs: SynthesisInput[], ports: SynthesisPorts): Promise<SynthesizeSetResult> {
  const { docs, ledgers } = await readSources(inputs, ports);
  const plan = planFromPrompt(prompt, { set: true, sources: ledgers.map((s) => s.ledger) });
  const byKey = new Map([...planSources(plan), ...plan.documents].map((d) => [d.key, d]));
  const fileIdOf = new Map(planSources(plan).map((d, i) => [d.key, docs[i]?.file_id]));
  const done = new Map<string, Promise<SetMemberResult>>();
  const generate = (member: MemberPlan): Promise<SetMemberResult> => {
    let work = done.get(member.key);
    if (!work) {
      // A member waits for the members it depends on; the others run at the same time.
      const before = member.dependsOn.map((k) => plan.members.find((m) => m.key === k)).filter((m): m is MemberPlan => !!m);
      work = Promise.all(before.map(generate)).then(() => generateMember(plan, member, byKey, ports, fileIdOf));
      done.set(member.key, work);
    }
    return work;
  };
  const documents = await Promise.all(plan.members.map(generate));
  return {
    prompt,
    documents,
    source_file_ids: docs.map((d) => d.file_id),
    metadata: { seed: plan.seed, understood: plan.understood, mismatches: plan.mismatches, members: plan.members.map((m) => m.key) },
  };
}

async function generateMember(
  plan: SynthesisPlan,
  member: MemberPlan,
  byKey: Map<string, DocumentLedger>,
  ports: SynthesisPorts,
  fileIdOf: Map<string, string | undefined>,
): Promise<SetMemberResult> {
  const doc = byKey.get(member.key)!;
  const against = member.matchingAgainst.map((k) => byKey.get(k)).filter((d): d is DocumentLedger => !!d);
  const mismatches = plan.mismatches.filter((m) => m.document === member.key);
  let final = checked(doc, null);
  for (const other of against) final = checked(final, { source: other, mismatches: mismatches.filter((m) => m.against === other.key) });
  ports.signal?.throwIfAborted();
  const stored = await ports.store(filenameOf(final), renderDocument(final));
  return {
    ...stored,
    document_key: member.key,
    task: member.task,
    prompt: plan.prompt,
    document_type: member.type,
    role: member.role,
    input_file_ids: [...member.inputFileIds, ...member.dependsOn.map((k) => fileIdOf.get(k)).filter((id): id is string => !!id)],
    source_file_ids: [...member.dependsOn, ...member.matchingAgainst]
      .map((k) => fileIdOf.get(k))
      .filter((id, i, all): id is string => !!id && all.indexOf(id) === i),
    depends_on: member.dependsOn,
    matching_against: member.matchingAgainst,
    matching_policy: matchingPolicy(final, against, mismatches),
    metadata: { ledger: final, checks: 'passed' },
  };
}

/** The fields that must agree with each document matched against (with their values), and the intended mismatches. */
export function matchingPolicy(doc: DocumentLedger, against: DocumentLedger[], mismatches: Mismatch[]): Record<string, unknown> {
  const expected = against.map((other) => {
    const differs = new Set(mismatches.filter((m) => m.against === other.key).map((m) => m.field));
    const fields: { field: string; value: string | number }[] = [];
    const add = (field: string, value: string | number | undefined) => {
      if (value !== undefined && value !== '' && !differs.has(field)) fields.push({ field, value });
    };
    add('po_number', other.type === 'purchase_order' ? other.number : other.references.poNumber);
    add('currency', other.currency);
    other.lines.forEach((line, i) => {
      const mine = doc.lines.find((l) => l.sku === line.sku);
      if (!mine) return;
      add(`line_items[${i}].sku`, line.sku);
      add(`line_items[${i}].quantity`, line.quantity);
      if (doc.type !== 'delivery_note' && doc.type !== 'goods_receipt' && other.type !== 'delivery_note' && other.type !== 'goods_receipt')
        add(`line_items[${i}].unit_price`, line.unitPrice / 10 ** exponentOf(other.currency));
    });
    return { document_key: other.key, match: fields };
  });
  return {
    rule: "every listed field equals the other document's value; every intended mismatch differs as stated; nothing else differs",
    expected_matches: expected,
    intended_mismatches: mismatches.map((m) => ({
      document_key: m.against,
      kind: m.kind,
      field: m.field,
      expected: m.expected,
      actual: m.actual,
      instruction: m.instruction,
    })),
  };
}
