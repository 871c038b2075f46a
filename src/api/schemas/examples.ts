/**
 * Request examples of every operation with a body, shown by /docs ("Try it out") and in openapi.json. Each one
 * succeeds as it is (test/api.docs-examples.test.ts executes them all): inline content instead of file ids that
 * would not exist on the reader's server, `sync` so the answer is the result, and no webhook.
 */

/** A one-page invoice (A PDF with a text layer, 1 KB): number INV-1001, two lines, total 55.00 EUR. */
export const EXAMPLE_INVOICE_PDF_BASE64 =
  'JVBERi0xLjcKJcK1wrYKJSBXcml0dGVuIGJ5IE11UERGIDEuMjguMQoKMSAwIG9iago8PC9UeXBlL0NhdGFsb2cvUGFnZXMgMiAwIFIvSW5mbzw8L1Byb2R1Y2VyKE11UERGIDEuMjguMSk+Pj4+CmVuZG9iagoKMiAwIG9iago8PC9UeXBlL1BhZ2VzL0NvdW50IDEvS2lkc1s3IDAgUl0+PgplbmRvYmoKCjMgMCBvYmoKPDwvVHlwZS9Gb250L1N1YnR5cGUvVHlwZTEvQmFzZUZvbnQvSGVsdmV0aWNhL0VuY29kaW5nL1dpbkFuc2lFbmNvZGluZz4+CmVuZG9iagoKNCAwIG9iago8PC9UeXBlL0ZvbnQvU3VidHlwZS9UeXBlMS9CYXNlRm9udC9IZWx2ZXRpY2EtQm9sZC9FbmNvZGluZy9XaW5BbnNpRW5jb2Rpbmc+PgplbmRvYmoKCjUgMCBvYmoKPDwvRm9udDw8L0YxIDMgMCBSL0YyIDQgMCBSPj4+PgplbmRvYmoKCjYgMCBvYmoKPDwvTGVuZ3RoIDIyOC9GaWx0ZXIvRmxhdGVEZWNvZGU+PgpzdHJlYW0KeJx1kMFOwzAQRO98xR7hELrrNFHaG4UgVUKAqOFu4gUZHMdyHcTn0wSjtqi5vze7MysJs1sBVIF8gwIhLxGkhvP1/cvD+rq+APkBtTxbDRgB0R+WJ8x9daZhcH37ymEJOy0jRJr0aH7kaRV5CQJFmSFlVEx5YlGN3oatHe7U36r1lmHTe28Nb+Eu6iNXHLip0g1vm2B8NJ07iea4Z6/arndx8pv5b4vHYFzkAF55DifhMTPRAi8RJyNFlYb5hEaFGIx+5+nIROfF/8iD3rQoR0h2UVnQ/W7oYuChfn5Kzg95u3+/CmVuZHN0cmVhbQplbmRvYmoKCjcgMCBvYmoKPDwvVHlwZS9QYWdlL01lZGlhQm94WzAgMCA0MjAgNDAwXS9Sb3RhdGUgMC9SZXNvdXJjZXMgNSAwIFIvQ29udGVudHMgNiAwIFIvUGFyZW50IDIgMCBSPj4KZW5kb2JqCgp4cmVmCjAgOAowMDAwMDAwMDAwIDY1NTM1IGYgCjAwMDAwMDAwNDIgMDAwMDAgbiAKMDAwMDAwMDEyMCAwMDAwMCBuIAowMDAwMDAwMTcyIDAwMDAwIG4gCjAwMDAwMDAyNjEgMDAwMDAgbiAKMDAwMDAwMDM1NSAwMDAwMCBuIAowMDAwMDAwNDAzIDAwMDAwIG4gCjAwMDAwMDA3MDAgMDAwMDAgbiAKCnRyYWlsZXIKPDwvU2l6ZSA4L1Jvb3QgMSAwIFI+PgpzdGFydHhyZWYKODA2CiUlRU9GCg==';

const invoice = { pdf_base64: EXAMPLE_INVOICE_PDF_BASE64, filename: 'invoice-INV-1001.pdf' } as const;
const sync = { execution_mode: 'sync' } as const;

const INVOICE_SCHEMA = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string', description: 'Invoice number' },
    invoice_date: { type: 'string', format: 'date', description: 'Invoice date' },
    total: { type: 'number', description: 'Total amount due' },
  },
} as const;

/** Example request bodies by route URL. */
export const REQUEST_EXAMPLES: Record<string, Record<string, unknown>> = {
  '/api/v1/parse': { input: { markdown: '# Quarterly report\n\nRevenue grew by 12% to 4.2 million EUR.\n\n| Quarter | Revenue |\n|---|---|\n| Q1 | 3.7 |\n| Q2 | 4.2 |', filename: 'report.md' }, ...sync },
  '/v1/layout': { input: invoice, ...sync },
  '/v1/ocr': { input: invoice, ...sync },
  '/v1/tables': { input: invoice, ...sync },
  '/v1/equations': { input: { markdown: 'The area of a circle is $A = \\pi r^2$.', filename: 'circle.md' }, ...sync },
  '/v1/charts': { input: invoice, ...sync },
  '/v1/classify': { input: invoice, ...sync },
  '/v1/split': { input: invoice, ...sync },
  '/v1/schema/auto': { inputs: [invoice], instructions: 'Invoice number, date and total', ...sync },
  '/v1/extract': { input: invoice, schema: INVOICE_SCHEMA, ...sync },
  '/api/v1/ask': { query: 'What is the total amount due?', input: invoice, ...sync },
  '/api/v1/synthesize': { prompt: 'An invoice in EUR with 3 line items of office supplies.', ...sync },
  '/api/v1/synthesize/one': { prompt: 'A purchase order in USD for 2 lines of IT hardware.', ...sync },
  '/api/v1/synthesize/set': { prompt: 'A purchase order, the matching invoice and the goods receipt, in EUR, for 3 lines of office furniture.', ...sync },
  '/v1/agents/tools': { query: 'table' },
  '/v1/agents': { name: 'invoice-reader', description: 'Reads invoices', instructions: 'Extract the invoice number and the total from each invoice you are given.', tool_names: ['parse', 'extract'] },
};

/** The body schema with its example (OpenAPI 3.1: JSON Schema `examples`; @fastify/swagger shows the first). */
export function withExample<T extends Record<string, unknown>>(url: string, schema: T): T & { examples?: unknown[] } {
  const example = REQUEST_EXAMPLES[url];
  return example ? { ...schema, examples: [example] } : schema;
}
