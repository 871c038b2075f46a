import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/paging.ts';

/** Query members of the listing routes (GET /v1/files, GET /v1/jobs); see src/shared/paging.ts. */
export const pageQueryProperties = {
  limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Items per page (1-200)' },
  cursor: { type: 'string', minLength: 1, maxLength: 200, description: 'The `next_cursor` of the previous page' },
} as const;

export const pageQuery = { type: 'object', properties: pageQueryProperties } as const;
