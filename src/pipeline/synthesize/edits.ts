import type { EditChange } from './types.ts';

/**
 * Edit instructions read from a prompt: "change the quantity of item 2 from 10 to 12", "replace PO-2026-0142 with
 * PO-2026-0199", "set the due date to 2026-04-30". Where the words do not give the current value, `from` is null
 * and `field` names what to look up in the source's extraction (`due_date`, `line_items[1].quantity`).
 */
export interface EditRequest extends Omit<EditChange, 'from'> {
  from: string | null;
  /** Extraction field path the value is, when the words name one. */
  field: string | null;
  /** 1-based line (item) the words name. */
  line: number | null;
  /** The prompt's words for this change. */
  instruction: string;
}

/** Field words → extraction path and the label printed beside the value. */
const FIELDS: [RegExp, string, string, boolean][] = [
  // [words, field (with {i} for a line index), label, line-level]
  [/\b(?:unit\s+price|price|unit\s+cost|rate)\b/i, 'line_items[{i}].unit_price', 'Unit price', true],
  [/\b(?:quantity|qty|amount of units|units)\b/i, 'line_items[{i}].quantity', 'Quantity', true],
  [/\bdescription\b/i, 'line_items[{i}].description', 'Description', true],
  [/\b(?:sku|item code|article number|part number)\b/i, 'line_items[{i}].sku', 'SKU', true],
  [/\b(?:tax|vat)\s*rate\b/i, 'line_items[{i}].tax_rate', 'Tax', true],
  [/\b(?:line\s+total|line\s+amount)\b/i, 'line_items[{i}].amount', 'Amount', true],
  [/\bdue\s+date\b/i, 'due_date', 'Due date', false],
  [/\b(?:invoice|issue|document)\s+date\b|\bdate\b/i, 'invoice_date', 'Date', false],
  [/\bdelivery\s+date\b/i, 'delivery_date', 'Delivery date', false],
  [/\b(?:po|purchase order)\s*(?:number|no\.?|#|reference)\b/i, 'po_number', 'PO number', false],
  [/\binvoice\s*(?:number|no\.?|#)\b/i, 'invoice_number', 'Invoice number', false],
  [/\b(?:grand\s+)?total\b/i, 'total', 'Total', false],
  [/\bsubtotal\b/i, 'subtotal', 'Subtotal', false],
  [/\b(?:vat|tax)(?:\s+amount)?\b/i, 'tax', 'Tax', false],
  [/\b(?:supplier|vendor|seller)(?:\s+name)?\b/i, 'issuer', 'Supplier', false],
  [/\b(?:customer|buyer|client)(?:\s+name)?\b/i, 'customer', 'Customer', false],
  [/\bpayment\s+terms\b/i, 'payment_terms', 'Payment terms', false],
  [/\bcurrency\b/i, 'currency', 'Currency', false],
];

const VALUE = `(?:"([^"]+)"|'([^']+)'|“([^”]+)”|([^\\s,;]+(?:\\s+(?![Ff]rom\\b|[Tt]o\\b|[Ww]ith\\b|[Aa]nd\\b|[Bb]y\\b)[^\\s,;]+)*?))`;
const LINE = /\b(?:item|line|position|row)\s*#?\s*(\d{1,3})\b/i;

function fieldOf(words: string): { field: string | null; near: string | undefined; line: number | null } {
  const line = LINE.exec(words);
  const lineNo = line ? Number(line[1]) : null;
  // Line-level words need a line; without one, "price" could still be the only price: keep the label only.
  for (const [re, field, label, lineLevel] of FIELDS) {
    if (!re.test(words)) continue;
    if (lineLevel && lineNo === null) return { field: null, near: label, line: null };
    return { field: field.replace('{i}', String((lineNo ?? 1) - 1)), near: label, line: lineNo };
  }
  return { field: null, near: undefined, line: lineNo };
}

const pickValue = (m: RegExpExecArray, at: number): string =>
  (m[at] ?? m[at + 1] ?? m[at + 2] ?? m[at + 3] ?? '').trim().replace(/[.]$/, '');

/** Every change the prompt asks for, in order. */
export function readEditRequest(prompt: string): EditRequest[] {
  const out: EditRequest[] = [];
  // Each instruction is its own clause: split on sentence ends, ";" and " and " before a new verb.
  const clauses = prompt.split(
    /(?<=[.;!?])\s+|;\s*|,?\s+and\s+(?=(?:change|replace|set|update|edit|modify|correct|make|recomput\w*|recalculat\w*|adjust|keep)\b)/i,
  );
  for (const raw of clauses) {
    const clause = raw.trim();
    if (!clause) continue;
    const fromTo = new RegExp(
      `\\b(?:change|update|modify|correct|edit|alter|set)\\s+(.*?)\\s*\\bfrom\\s+${VALUE}\\s+to\\s+${VALUE}\\s*[.!]?$`,
      'i',
    ).exec(clause);
    const replace = new RegExp(
      `\\b(?:replace|swap|substitute)\\s+(?:the\\s+)?(.*?)${VALUE}\\s+(?:with|by|for)\\s+${VALUE}\\s*[.!]?$`,
      'i',
    ).exec(clause);
    const setTo = new RegExp(
      `\\b(?:change|update|modify|correct|edit|alter|set|make)\\s+(.*?)\\s+(?:to|=|as)\\s+${VALUE}\\s*[.!]?$`,
      'i',
    ).exec(clause);
    if (fromTo) {
      const f = fieldOf(fromTo[1]);
      out.push({ from: pickValue(fromTo, 2), to: pickValue(fromTo, 6), near: f.near, field: f.field, line: f.line, instruction: clause });
    } else if (replace) {
      // "replace the PO number PO-1 with PO-2" names the field before the value; "replace PO-1 with PO-2" names only values.
      const f = fieldOf(replace[1] || '');
      const from = pickValue(replace, 2);
      const wordsOnly = !/[\d"'“]/.test(from) && f.field !== null && /^(?:the\s+)?[a-z\s]+$/i.test(`${replace[1]}${from}`);
      out.push({
        from: wordsOnly ? null : from,
        to: pickValue(replace, 6),
        near: f.near ?? fieldOf(from).near,
        field: f.field ?? fieldOf(from).field,
        line: f.line,
        instruction: clause,
      });
    } else if (setTo) {
      const f = fieldOf(setTo[1]);
      if (!f.field && !f.near) continue;
      out.push({ from: null, to: pickValue(setTo, 2), near: f.near, field: f.field, line: f.line, instruction: clause });
    }
  }
  if (out.length && /\b(every|all)\s+(occurrences?|instances?|places?)\b|\beverywhere\b/i.test(prompt)) for (const c of out) c.all = true;
  return out.map((c) => (c.near === undefined ? (({ near: _n, ...rest }) => rest)(c) : c));
}

/** Whether the prompt asks for dependent totals to be recomputed after the change. */
export function wantsRecompute(prompt: string): boolean {
  return /\b(recomput\w*|recalculat\w*|update (?:the )?totals?|adjust (?:the )?totals?|totals? (?:updated|accordingly)|keep (?:the )?totals? consistent)\b/i.test(
    prompt,
  );
}
