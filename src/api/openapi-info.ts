/** The OpenAPI document's `info`, also the landing page's title and blurb. */
export const OPENAPI_INFO = {
  title: 'Document Intelligence API',
  version: '1.0.0',
  description:
    'PDFs and images into structured, page-grounded data. All routes except health, readiness and docs need `Authorization: Bearer <API key>`.',
};
