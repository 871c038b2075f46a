import { asMismatches, differences } from './compare.ts';
import { readEditRequest, wantsRecompute, type EditRequest } from './edits.ts';
import { generateDocument, generateStatement, numberFor, TEMPLATES } from './generate.ts';
import { isIsoDate } from './money.ts';
import { buildContext } from './plan-context.ts';
import { MismatchNotApplicable, resolveMismatch } from './plan-mismatch.ts';
import { readPrompt, type PromptRequest } from './prompt.ts';
import { typeMentions } from './prompt-values.ts';
import { countryOfLocale, makeParty } from './vocab.ts';
import { Rng, seedFromString } from './random.ts';
import { relatedDocumentAndMismatches } from './related.ts';
import { checkDocument, checkRelated } from './checks.ts';
import { applyEdits } from './plan-edit.ts';
import type { ConsistencyIssue, DocType, DocumentLedger, MemberPlan, Mismatch, SynthesisPlan, SynthesisTask } from './types.ts';

/**
 * Plans synthetic documents from a prompt: what to make (one document, a set, a document from sources, or an edit),
 * the ledger of every document (computed and checked), and the mismatches asked for with their exact values.
 * Deterministic: the same prompt, seed and sources give the same plan.
 */
export interface PlanOptions {
  seed?: number;
  set: boolean;
  sources?: DocumentLedger[];
}

export class PlanCheckError extends Error {
  constructor(readonly issues: ConsistencyIssue[]) {
    super(`planned documents fail their checks: ${issues.map((i) => `${i.document}.${i.field}: ${i.message}`).join('; ')}`);
  }
}

export const ROLE_OF: Readonly<Record<DocType, string>> = {
  purchase_order: 'order',
  invoice: 'billing',
  goods_receipt: 'receipt_of_goods',
  delivery_note: 'delivery',
  credit_note: 'credit',
  receipt: 'payment_receipt',
  quote: 'offer',
  bank_statement: 'statement',
  timesheet: 'time_record',
};

const KEY_OF: Partial<Record<DocType, string>> = { purchase_order: 'po' };

/** What a member is made from, among the types present (a PO's invoice, an invoice's credit note). */
function dependencyTypes(type: DocType): DocType[] {
  switch (type) {
    case 'invoice':
      return ['purchase_order', 'timesheet', 'delivery_note', 'quote'];
    case 'goods_receipt':
    case 'delivery_note':
      return ['purchase_order', 'invoice'];
    case 'credit_note':
    case 'receipt':
    case 'bank_statement':
      return ['invoice'];
    case 'purchase_order':
      return ['quote'];
    default:
      return [];
  }
}

/** Besides what it is made from, what a member is matched with (the invoice of a 3-way match with the goods receipt). */
/** The order documents follow from each other in; a member is only made from a source or a lower-ranked member (no cycles). */
const RANK: Readonly<Record<DocType, number>> = {
  quote: 0,
  purchase_order: 1,
  timesheet: 2,
  delivery_note: 3,
  invoice: 4,
  goods_receipt: 5,
  credit_note: 6,
  receipt: 7,
  bank_statement: 8,
};

function alsoMatched(type: DocType): DocType[] {
  return type === 'invoice' ? ['goods_receipt', 'delivery_note'] : [];
}

function defaultTargetFrom(sourceType: DocType): DocType {
  return sourceType === 'invoice' ? 'credit_note' : sourceType === 'quote' ? 'purchase_order' : 'invoice';
}

function taskOf(type: DocType, dependsOn: string[], edit: boolean): SynthesisTask {
  if (edit) return 'edit_document';
  return type === 'purchase_order' && dependsOn.length === 0 ? 'generate_po' : 'generate_related_document';
}

interface Slot {
  key: string;
  type: DocType;
  source: boolean;
}

/** Members in dependency order, each with its dependencies and matches among the slots (generated and sources). */
function planMembers(types: DocType[], counts: PromptRequest['counts'], sources: DocumentLedger[]): MemberPlan[] {
  const slots: Slot[] = sources.map((s) => ({ key: s.key, type: s.type, source: true }));
  const keys = new Set(slots.map((s) => s.key));
  for (const type of types) {
    if (sources.some((s) => s.type === type)) continue;
    for (let i = 0; i < (counts[type] ?? 1); i++) {
      const base = KEY_OF[type] ?? type;
      let key = base;
      for (let n = 2; keys.has(key); n++) key = `${base}_${n}`;
      keys.add(key);
      slots.push({ key, type, source: false });
    }
  }
  const members: MemberPlan[] = [];
  for (const slot of slots.filter((s) => !s.source)) {
    const dep = dependencyTypes(slot.type)
      .map((t) => slots.find((s) => s.type === t && s.key !== slot.key && (s.source || RANK[t] < RANK[slot.type])))
      .find((s) => s);
    const dependsOn = dep ? [dep.key] : [];
    const matched = alsoMatched(slot.type).flatMap((t) => slots.filter((s) => s.type === t).map((s) => s.key));
    members.push({
      key: slot.key,
      type: slot.type,
      role: ROLE_OF[slot.type],
      task: taskOf(slot.type, dependsOn, false),
      dependsOn,
      matchingAgainst: [...dependsOn, ...matched.filter((k) => !dependsOn.includes(k))],
      inputFileIds: [],
    });
  }
  // Dependencies first: a member comes after every member it is made from (sources are there from the start).
  const ordered: MemberPlan[] = [];
  const placed = new Set(sources.map((s) => s.key));
  while (ordered.length < members.length) {
    const next = members.find((m) => !placed.has(m.key) && m.dependsOn.every((d) => placed.has(d)));
    if (!next) throw new Error('cyclic member dependencies');
    ordered.push(next);
    placed.add(next.key);
  }
  return ordered;
}

export function planFromPrompt(prompt: string, opts: PlanOptions): SynthesisPlan {
  const seed = (opts.seed ?? seedFromString(prompt)) >>> 0;
  const rng = new Rng(seed);
  const sources = [...(opts.sources ?? [])];
  const req = readPrompt(prompt);
  const edits = sources.length ? readEditRequest(prompt) : [];
  if (sources.length && edits.length && !/\b(generate|create|make|produce|draft|issue)\b/i.test(prompt))
    return editPlan(prompt, seed, sources[0], edits);

  // "the invoice for this PO": the words name what the source is (classification may have read it otherwise) and what to make.
  const sourceMentions = typeMentions(prompt).filter((m) => THIS_SOURCE.test(prompt.slice(Math.max(0, m.index - 24), m.index)));
  const sourceFixes: { key: string; was: DocType; now: DocType }[] = [];
  if (sources.length && sourceMentions.length) {
    sources.forEach((s, i) => {
      const said = sourceMentions[Math.min(i, sourceMentions.length - 1)].type;
      if (said !== s.type) {
        sourceFixes.push({ key: s.key, was: s.type, now: said });
        sources[i] = { ...s, type: said };
      }
    });
  }
  const filled: { key: string; fields: string[] }[] = [];
  sources.forEach((s, i) => {
    const done = completeSource(s, i);
    sources[i] = done.source;
    if (done.fields.length) filled.push({ key: s.key, fields: done.fields });
  });
  const targets = sources.length
    ? req.types.filter((t) => !sourceMentions.some((m) => m.type === t) && !sources.some((s) => s.type === t))
    : req.types;
  let types: DocType[];
  if (opts.set) types = req.types.length ? req.types : ['purchase_order', 'invoice', 'goods_receipt'];
  else {
    types = [targets[0] ?? (sources.length ? defaultTargetFrom(sources[0].type) : 'invoice')];
  }
  const members = planMembers(types, opts.set ? req.counts : {}, sources);
  const main = members[0];
  const { ctx, read, assumed } = buildContext(req, main?.type ?? 'invoice', rng.fork('context'));
  const docs = new Map<string, DocumentLedger>(sources.map((s) => [s.key, s]));
  const owned = new Set<string>();
  const mismatches: Mismatch[] = [];
  const ignored: { instruction: string; reason: string }[] = [];
  const requests = req.mismatches.map((r) => ({ r, target: targetOf(r, members, docs) }));

  // Mismatches of a member are resolved right after its source exists and before anything is made from that
  // source, so adjustments to the source ("where the PO ordered 10") reach every document made from it.
  const resolved = new Map<string, { list: Mismatch[]; extraPrices: Map<Mismatch, number> }>();
  const resolveFor = (sourceKey: string) => {
    for (const dependent of members.filter((m) => m.dependsOn[0] === sourceKey)) {
      const drng = rng.fork(`mismatch:${dependent.key}`);
      const entry = { list: [] as Mismatch[], extraPrices: new Map<Mismatch, number>() };
      for (const { r } of requests.filter((x) => x.target?.document === dependent.key)) {
        try {
          const res = resolveMismatch(r, dependent.key, docs.get(sourceKey)!, owned.has(sourceKey), drng);
          docs.set(sourceKey, res.source);
          entry.list.push(res.mismatch);
          if (res.extraPrice !== undefined) entry.extraPrices.set(res.mismatch, res.extraPrice);
        } catch (err) {
          if (!(err instanceof MismatchNotApplicable)) throw err;
          ignored.push({ instruction: r.instruction, reason: err.message });
        }
      }
      resolved.set(dependent.key, entry);
    }
  };
  for (const s of sources) resolveFor(s.key);
  for (const member of members) {
    const mrng = rng.fork(member.key);
    if (member.dependsOn.length === 0) {
      docs.set(
        member.key,
        generateDocument(member.type, { ...ctx, template: member === main ? ctx.template : mrng.pick(TEMPLATES) }, mrng, member.key),
      );
      owned.add(member.key);
    } else if (member.type === 'bank_statement') {
      const invoice = docs.get(member.dependsOn[0])!;
      docs.set(member.key, generateStatement({ ...ctx, buyer: invoice.recipient }, mrng, member.key, [invoice]));
    } else {
      const mine = resolved.get(member.key) ?? { list: [], extraPrices: new Map() };
      const made = relatedDocumentAndMismatches(docs.get(member.dependsOn[0])!, member.type, mrng, mine.list, member.key, {
        extraPrices: mine.extraPrices,
      });
      docs.set(member.key, made.document);
      mismatches.push(...made.mismatches);
      owned.add(member.key);
    }
    resolveFor(member.key);
  }
  for (const r of requests.filter((x) => !x.target))
    ignored.push({
      instruction: r.r.instruction,
      reason: members.some((m) => m.type === r.r.documentType && m.dependsOn.length === 0)
        ? `the ${r.r.documentType} is the document the others are made from; ask for the difference on a document made from it`
        : 'no related document to differ from',
    });

  mismatches.push(...impliedMismatches(members, docs, mismatches));
  const documents = members.map((m) => docs.get(m.key)!);
  const issues = checkPlan(members, docs, mismatches);
  if (issues.length) throw new PlanCheckError(issues);
  const task: SynthesisTask = sources.length ? 'generate_related_document' : main.task;
  const understood = {
    task,
    types: members.map((m) => m.type),
    set: opts.set,
    read,
    assumed,
    mismatches: req.mismatches.map((m) => m.instruction),
    ...(ignored.length ? { ignored } : {}),
    ...(sources.length ? { sources: sources.map((s) => ({ key: s.key, type: s.type, number: s.number })) } : {}),
    ...(sourceFixes.length ? { source_types_from_prompt: sourceFixes } : {}),
    ...(filled.length ? { source_fields_filled: filled } : {}),
    // The sources as the plan used them (type from the prompt, gaps filled): related checks compare against these.
    ...(sources.length ? { source_ledgers: sources } : {}),
  };
  return { prompt, seed, task, members, documents, mismatches, understood };
}

const THIS_SOURCE = /\b(?:this|these|attached|given|uploaded|source|existing|provided|input)\s+$/i;

/** A source read by extraction may lack a party's name or address; the plan fills them so every document stays complete. */
function completeSource(source: DocumentLedger, i: number): { source: DocumentLedger; fields: string[] } {
  const rng = new Rng(seedFromString(`${source.key}:${source.number}:${i}`));
  const country = countryOfLocale(source.locale);
  const fields: string[] = [];
  const fill = (p: DocumentLedger['issuer'], role: string) => {
    if (p.name?.trim() && p.address?.length && p.address.every((l) => l.trim())) return p;
    fields.push(p.name?.trim() ? `${role}.address` : role);
    const made = makeParty(rng, country, p.name?.trim() || undefined);
    return {
      ...made,
      ...p,
      name: p.name?.trim() || made.name,
      address: p.address?.filter((l) => l.trim()).length ? p.address.filter((l) => l.trim()) : made.address,
    };
  };
  const out = { ...source, issuer: fill(source.issuer, 'issuer'), recipient: fill(source.recipient, 'recipient') };
  // Documents made from it must name its number; one the extraction could not read is invented (and reported).
  if (!out.number.trim())
    (out.number = numberFor(out.type, rng, isIsoDate(out.issueDate) ? out.issueDate : '2026-01-15')), fields.push('number');
  return { source: out, fields };
}

/** Which member carries a requested mismatch: the type the words name, else the first member made from another. */
function targetOf(
  r: ReturnType<typeof readPrompt>['mismatches'][number],
  members: MemberPlan[],
  docs: Map<string, DocumentLedger>,
): { document: string } | null {
  const dependent = members.filter((m) => m.dependsOn.length > 0);
  // A difference named on a document the others are made from is not one this plan can make (it is ignored, and said so).
  if (r.documentType && !dependent.some((m) => m.type === r.documentType) && members.some((m) => m.type === r.documentType)) return null;
  const named = r.documentType ? dependent.find((m) => m.type === r.documentType) : undefined;
  const againstNamed = r.againstType
    ? dependent.find((m) =>
        m.dependsOn.some((d) => docs.get(d)?.type === r.againstType || members.find((x) => x.key === d)?.type === r.againstType),
      )
    : undefined;
  const pick = named ?? againstNamed ?? dependent.find((m) => m.type === 'invoice') ?? dependent[0];
  return pick ? { document: pick.key } : null;
}

/** Differences between members matched without being made from each other follow from the asked-for ones. */
function impliedMismatches(members: MemberPlan[], docs: Map<string, DocumentLedger>, asked: Mismatch[]): Mismatch[] {
  const out: Mismatch[] = [];
  for (const m of members) {
    for (const other of m.matchingAgainst.filter((k) => !m.dependsOn.includes(k))) {
      const doc = docs.get(m.key);
      const against = docs.get(other);
      if (!doc || !against) continue;
      const because = asked.filter((x) => x.document === m.key || x.document === other).map((x) => x.instruction);
      out.push(
        ...asMismatches(
          doc,
          against,
          differences(doc, against),
          `implied by: ${[...new Set(because)].join('; ') || 'the documents it is made from'}`,
        ),
      );
    }
  }
  return out;
}

function checkPlan(members: MemberPlan[], docs: Map<string, DocumentLedger>, mismatches: Mismatch[]): ConsistencyIssue[] {
  const issues: ConsistencyIssue[] = [];
  for (const m of members) {
    const doc = docs.get(m.key)!;
    issues.push(...checkDocument(doc));
    for (const k of m.matchingAgainst) {
      const other = docs.get(k);
      if (other && doc.type !== 'bank_statement') issues.push(...checkRelated(doc, other, mismatches));
    }
  }
  return issues;
}

function editPlan(prompt: string, seed: number, source: DocumentLedger, edits: EditRequest[]): SynthesisPlan {
  const recompute = wantsRecompute(prompt);
  const { document, applied } = applyEdits(source, edits, recompute);
  const member: MemberPlan = {
    key: source.key,
    type: source.type,
    role: ROLE_OF[source.type],
    task: 'edit_document',
    dependsOn: [],
    matchingAgainst: [],
    inputFileIds: [],
  };
  return {
    prompt,
    seed,
    task: 'edit_document',
    members: [member],
    documents: [document],
    mismatches: [],
    understood: { task: 'edit_document', edits, recompute_totals: recompute, applied_to_ledger: applied },
  };
}
