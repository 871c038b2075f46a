/** Ids: time-sortable and, within a process, strictly increasing, so listings in id order are creation order. */
import { describe, expect, it } from 'vitest';
import { looksLikeId, newId } from '../src/shared/ids.ts';

describe('newId', () => {
  it('makes unique, valid ids in strictly increasing order, many per millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId('file'));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 50)) expect(looksLikeId(id, 'file')).toBe(true);
    expect(ids[0]).toMatch(/^file_[0-9a-z]{26}$/);
  });
});
