// Search texts of the compact store (./store.ts), kept by window (dense-text.ts: Indian scripts a byte a
// character), each window's in a pool of its own, searched with Buffer.indexOf and the needle written in
// that window.
import { BytePool, ByteTable, DENSE_TEXT_BYTES, exact, grow32, OFFSET_MASK, SEGMENT_BITS, type SegmentSpace } from './bytes';


/** The search texts of one window (dense-text.ts), alone in a pool, and the row of each. */
export class TextShelf {
  readonly pool: BytePool;
  readonly table: ByteTable;
  rows: Uint32Array = new Uint32Array(1024);

  constructor(
    space: SegmentSpace,
    readonly window: number,
    readonly index: number,
  ) {
    this.pool = new BytePool(space, window);
    this.table = new ByteTable(this.pool);
  }

  add(text: string, row: number): number {
    const entry = this.table.add(text);
    if (entry >= this.rows.length) this.rows = grow32(this.rows, entry + 1);
    this.rows[entry] = row;
    return entry;
  }

  trim(): void {
    this.pool.trim();
    this.table.trim();
    this.rows = exact(this.rows, this.table.count);
  }

  get size(): number {
    return this.pool.size + this.table.size + this.rows.byteLength;
  }
}

/**
 * Every row's match, in blocks of rows: where matches are rare, Buffer.indexOf jumps through a
 * segment's texts; where most rows match (a first letter) and the texts are short, a check per row
 * is quicker than a call per match. Over long texts (a question's, hundreds of bytes) the check per
 * row reads most of them byte by byte, and Buffer.indexOf is quicker even there. Each block picks by
 * the one before it. `row` counts the shelf's texts; a match marks the row of the text.
 */
export function matchShelf(shelf: TextShelf, bytes: Buffer, marks: Uint8Array): void {
  const texts = shelf.table;
  const n = texts.count;
  const rowOf = shelf.rows;
  const { starts, ends } = texts;
  let dense = false;
  // The segment of the row searched from, and the row its texts end before.
  let rowsOf = { seg: -1, end: n };
  // A match found past the end of a block: the next block starts from it instead of searching again.
  let ahead = -1;
  let row = 0;
  while (row < n) {
    const blockEnd = Math.min(n, row + 4096);
    let hits = 0;
    const from = row;
    if (dense) {
      for (; row < blockEnd; row++) {
        if (texts.has(row, bytes)) {
          marks[rowOf[row] as number] = 1;
          hits++;
        }
      }
    } else {
      while (row < blockEnd) {
        const seg = (starts[row] as number) >>> SEGMENT_BITS;
        if (seg !== rowsOf.seg) rowsOf = { seg, end: Math.min(n, texts.firstAfterSegment(seg, row)) };
        const segEnd = rowsOf.end;
        let address = ahead;
        if (ahead < (starts[row] as number)) {
          const at = texts.segments[seg]!.indexOf(bytes, (starts[row] as number) & OFFSET_MASK);
          // No match up to the segment's end: its rows are skipped outright, past the block.
          if (at < 0 || at >= shelf.pool.usedOf(seg)) {
            row = segEnd;
            continue;
          }
          address = ((seg << SEGMENT_BITS) | at) >>> 0;
        }
        while (row < segEnd && (ends[row] as number) <= address) row++;
        if (row >= segEnd || row >= blockEnd) {
          if (row >= blockEnd && row < segEnd) ahead = address;
          row = Math.min(row, blockEnd);
          continue;
        }
        // Inside this row's text (not across into the next one's): a match.
        const inside = (starts[row] as number) <= address && address + bytes.length <= (ends[row] as number);
        if (inside || texts.has(row, bytes)) {
          marks[rowOf[row] as number] = 1;
          hits++;
        }
        row++;
      }
    }
    // Rows of a block in two segments read as long: their addresses differ by the segment.
    dense = hits * 4 > row - from && (ends[row - 1] as number) - (starts[from] as number) < DENSE_TEXT_BYTES * (row - from);
  }
}
