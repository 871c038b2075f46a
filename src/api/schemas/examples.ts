/**
 * Request examples of every operation with a body, shown by /docs ("Try it out") and in openapi.json. Each one
 * succeeds as it is (test/api.docs-examples.test.ts executes them all): inline content instead of file ids that
 * would not exist on the reader's server, `sync` so the answer is the result, and no webhook.
 */

/** A one-page invoice (a PDF with a text layer, 1 KB): number INV-1001, two lines, total 55.00 EUR. */
export const EXAMPLE_INVOICE_PDF_BASE64 =
  'JVBERi0xLjcKJcK1wrYKJSBXcml0dGVuIGJ5IE11UERGIDEuMjguMQoKMSAwIG9iago8PC9UeXBlL0NhdGFsb2cvUGFnZXMgMiAwIFIvSW5mbzw8L1Byb2R1Y2VyKE11UERGIDEuMjguMSk+Pj4+CmVuZG9iagoKMiAwIG9iago8PC9UeXBlL1BhZ2VzL0NvdW50IDEvS2lkc1s3IDAgUl0+PgplbmRvYmoKCjMgMCBvYmoKPDwvVHlwZS9Gb250L1N1YnR5cGUvVHlwZTEvQmFzZUZvbnQvSGVsdmV0aWNhL0VuY29kaW5nL1dpbkFuc2lFbmNvZGluZz4+CmVuZG9iagoKNCAwIG9iago8PC9UeXBlL0ZvbnQvU3VidHlwZS9UeXBlMS9CYXNlRm9udC9IZWx2ZXRpY2EtQm9sZC9FbmNvZGluZy9XaW5BbnNpRW5jb2Rpbmc+PgplbmRvYmoKCjUgMCBvYmoKPDwvRm9udDw8L0YxIDMgMCBSL0YyIDQgMCBSPj4+PgplbmRvYmoKCjYgMCBvYmoKPDwvTGVuZ3RoIDIyOC9GaWx0ZXIvRmxhdGVEZWNvZGU+PgpzdHJlYW0KeJx1kMFOwzAQRO98xR7hELrrNFHaG4UgVUKAqOFu4gUZHMdyHcTn0wSjtqi5vze7MysJs1sBVIF8gwIhLxGkhvP1/cvD+rq+APkBtTxbDRgB0R+WJ8x9daZhcH37ymEJOy0jRJr0aH7kaRV5CQJFmSFlVEx5YlGN3oatHe7U36r1lmHTe28Nb+Eu6iNXHLip0g1vm2B8NJ07iea4Z6/arndx8pv5b4vHYFzkAF55DifhMTPRAi8RJyNFlYb5hEaFGIx+5+nIROfF/8iD3rQoR0h2UVnQ/W7oYuChfn5Kzg95u3+/CmVuZHN0cmVhbQplbmRvYmoKCjcgMCBvYmoKPDwvVHlwZS9QYWdlL01lZGlhQm94WzAgMCA0MjAgNDAwXS9Sb3RhdGUgMC9SZXNvdXJjZXMgNSAwIFIvQ29udGVudHMgNiAwIFIvUGFyZW50IDIgMCBSPj4KZW5kb2JqCgp4cmVmCjAgOAowMDAwMDAwMDAwIDY1NTM1IGYgCjAwMDAwMDAwNDIgMDAwMDAgbiAKMDAwMDAwMDEyMCAwMDAwMCBuIAowMDAwMDAwMTcyIDAwMDAwIG4gCjAwMDAwMDAyNjEgMDAwMDAgbiAKMDAwMDAwMDM1NSAwMDAwMCBuIAowMDAwMDAwNDAzIDAwMDAwIG4gCjAwMDAwMDA3MDAgMDAwMDAgbiAKCnRyYWlsZXIKPDwvU2l6ZSA4L1Jvb3QgMSAwIFI+PgpzdGFydHhyZWYKODA2CiUlRU9GCg==';

/** A page of text with one display formula, set in Times and Symbol: a² + b² = c² (1.6 KB). */
export const EXAMPLE_FORMULA_PDF_BASE64 =
  'JVBERi0xLjcKJcK1wrYKJSBXcml0dGVuIGJ5IE11UERGIDEuMjguMQoKMSAwIG9iago8PC9UeXBlL0NhdGFsb2cvUGFnZXMgMiAwIFIvSW5mbzw8L1Byb2R1Y2VyKE11UERGIDEuMjguMSk+Pj4+CmVuZG9iagoKMiAwIG9iago8PC9UeXBlL1BhZ2VzL0NvdW50IDEvS2lkc1sxMCAwIFJdPj4KZW5kb2JqCgozIDAgb2JqCjw8L1R5cGUvRm9udC9TdWJ0eXBlL1R5cGUxL0Jhc2VGb250L1N5bWJvbC9FbmNvZGluZy9XaW5BbnNpRW5jb2RpbmcvVG9Vbmljb2RlIDQgMCBSPj4KZW5kb2JqCgo0IDAgb2JqCjw8L0xlbmd0aCAyNjQvRmlsdGVyL0ZsYXRlRGVjb2RlPj4Kc3RyZWFtCnicVZHBboMwDIbvPIXfgCR0sEqIS6dKPWyaVO0Bkth0kUaIUnrY289OUKUdgC/mMzF/2tPl7RLDBu1nXv2VNphDxEz39ZE9gaNbiKANYPDbvip3v9gE7endpg+7ELTX38WtP18x+BUJkOZG7yKv78l6yjbeCEalJhjP5wko4v93jVG1xc3+2+Zm7DWrqnN6YjaVDfOgCnsl9aHWO2Z6YTZGi499ZctssLL0zqawccx290m4K9wfmF3tVeKjrjxI/SB7KRTGsq9ywpbE0UfxPVX/VXxdHZnHHev3ZeYOS50fPJsrLPNwIPufSzSS7zNe/8iZ4lYOoYQuCYdIz3NKa5JA5foDbZqDKAplbmRzdHJlYW0KZW5kb2JqCgo1IDAgb2JqCjw8L1R5cGUvRm9udC9TdWJ0eXBlL1R5cGUxL0Jhc2VGb250L1RpbWVzLVJvbWFuL0VuY29kaW5nL1dpbkFuc2lFbmNvZGluZz4+CmVuZG9iagoKNiAwIG9iago8PC9UeXBlL0ZvbnQvU3VidHlwZS9UeXBlMS9CYXNlRm9udC9UaW1lcy1JdGFsaWMvRW5jb2RpbmcvV2luQW5zaUVuY29kaW5nPj4KZW5kb2JqCgo3IDAgb2JqCjw8L1R5cGUvRm9udC9TdWJ0eXBlL1R5cGUxL0Jhc2VGb250L1RpbWVzLUJvbGQvRW5jb2RpbmcvV2luQW5zaUVuY29kaW5nPj4KZW5kb2JqCgo4IDAgb2JqCjw8L0ZvbnQ8PC9SIDUgMCBSL0kgNiAwIFIvQiA3IDAgUi9TIDMgMCBSPj4+PgplbmRvYmoKCjkgMCBvYmoKPDwvTGVuZ3RoIDE5MC9GaWx0ZXIvRmxhdGVEZWNvZGU+PgpzdHJlYW0KeJyFjssKwjAQRfd+xV1WkJimSWtAXBRcuJOaH4j2FVELbTb9e9NqS5GAA7O6Z+bcVGGbIQyhSiQMCaVQOYK0h62LYZu2eKIpce5traum1d1mjDqTF90QaLSmqi1sa/SrerhEW9OV/RrqjqNapc5wQsgHA4so4q9CL4EM8pNLEjoiHgm2JC7TC86JFNOXPbsefB4hCJ+h4OpTxZwI8ceVUMLpYqLZG+Ve744S6T0Ibr4OkpIl7br89nkDqRdkCwplbmRzdHJlYW0KZW5kb2JqCgoxMCAwIG9iago8PC9UeXBlL1BhZ2UvTWVkaWFCb3hbMCAwIDYxMiA3OTJdL1JvdGF0ZSAwL1Jlc291cmNlcyA4IDAgUi9Db250ZW50cyA5IDAgUi9QYXJlbnQgMiAwIFI+PgplbmRvYmoKCnhyZWYKMCAxMQowMDAwMDAwMDAwIDY1NTM1IGYgCjAwMDAwMDAwNDIgMDAwMDAgbiAKMDAwMDAwMDEyMCAwMDAwMCBuIAowMDAwMDAwMTczIDAwMDAwIG4gCjAwMDAwMDAyNzUgMDAwMDAgbiAKMDAwMDAwMDYwOCAwMDAwMCBuIAowMDAwMDAwNjk5IDAwMDAwIG4gCjAwMDAwMDA3OTEgMDAwMDAgbiAKMDAwMDAwMDg4MSAwMDAwMCBuIAowMDAwMDAwOTQzIDAwMDAwIG4gCjAwMDAwMDEyMDIgMDAwMDAgbiAKCnRyYWlsZXIKPDwvU2l6ZSAxMS9Sb290IDEgMCBSPj4Kc3RhcnR4cmVmCjEzMDkKJSVFT0YK';

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
  '/api/v1/parse': {
    input: {
      markdown:
        '# Quarterly report\n\nRevenue grew by 12% to 4.2 million EUR.\n\n| Quarter | Revenue |\n|---|---|\n| Q1 | 3.7 |\n| Q2 | 4.2 |',
      filename: 'report.md',
    },
    ...sync,
  },
  '/v1/layout': { input: invoice, ...sync },
  '/v1/ocr': { input: invoice, ...sync },
  '/v1/tables': { input: invoice, ...sync },
  '/v1/equations': { input: { pdf_base64: EXAMPLE_FORMULA_PDF_BASE64, filename: 'pythagoras.pdf' }, ...sync },
  '/v1/charts': { input: invoice, ...sync },
  '/v1/classify': { input: invoice, ...sync },
  '/v1/split': { input: invoice, ...sync },
  '/v1/schema/auto': { inputs: [invoice], instructions: 'Invoice number, date and total', ...sync },
  '/v1/extract': { input: invoice, schema: INVOICE_SCHEMA, ...sync },
  '/api/v1/ask': { query: 'What is the total amount due?', input: invoice, ...sync },
  '/api/v1/synthesize': { prompt: 'An invoice in EUR with 3 line items of office supplies.', ...sync },
  '/api/v1/synthesize/one': { prompt: 'A purchase order in USD for 2 lines of IT hardware.', ...sync },
  '/api/v1/synthesize/set': {
    prompt: 'A purchase order, the matching invoice and the goods receipt, in EUR, for 3 lines of office furniture.',
    ...sync,
  },
  '/v1/agents/tools': { query: 'table' },
  '/v1/agents': {
    name: 'invoice-reader',
    description: 'Reads invoices',
    instructions: 'Extract the invoice number and the total from each invoice you are given.',
    tool_names: ['parse', 'extract'],
  },
};

/** The body schema with its example (OpenAPI 3.1: JSON Schema `examples`; @fastify/swagger shows the first). */
export function withExample<T extends Record<string, unknown>>(url: string, schema: T): T & { examples?: unknown[] } {
  const example = REQUEST_EXAMPLES[url];
  return example ? { ...schema, examples: [example] } : schema;
}
