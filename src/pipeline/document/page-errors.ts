/** Thrown for a page index the document does not have (callers normally check the stored page count first). */
export class PageOutOfRangeError extends RangeError {
  constructor(
    readonly pageIndex: number,
    readonly pageCount: number,
  ) {
    super(`page ${pageIndex} is out of range (the document has ${pageCount} page${pageCount === 1 ? '' : 's'})`);
    this.name = 'PageOutOfRangeError';
  }
}
