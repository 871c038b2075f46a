import { PageCanvas } from './canvas.ts';
import type { Template } from './templates.ts';

/**
 * Content flowing down pages: a cursor on the current page and a bottom limit above the footer; a block that does
 * not fit starts a new page, whose running header is drawn by the document's continuation callback.
 */
export class Flow {
  readonly pages: PageCanvas[] = [];
  page: PageCanvas;
  y = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly t: Template,
    /** Draws the running header of a following page and returns the y where content starts. */
    private readonly continuation: (page: PageCanvas) => number,
    /** Space kept free at the bottom for the footer. */
    readonly footerSpace = 40,
  ) {
    this.page = this.addPage();
  }

  get left(): number {
    return this.t.margin;
  }

  get right(): number {
    return this.width - this.t.margin;
  }

  get contentWidth(): number {
    return this.right - this.left;
  }

  get bottom(): number {
    return this.height - this.t.margin - this.footerSpace;
  }

  private addPage(): PageCanvas {
    const page = new PageCanvas(this.width, this.height);
    this.pages.push(page);
    return page;
  }

  /** Whether a block of this height fits below the cursor. */
  fits(height: number): boolean {
    return this.y + height <= this.bottom;
  }

  newPage(): void {
    this.page = this.addPage();
    this.y = this.continuation(this.page);
  }

  /** Starts a new page unless the block fits (a block taller than a page is placed anyway, at the top). */
  ensure(height: number): void {
    if (!this.fits(height)) this.newPage();
  }
}
