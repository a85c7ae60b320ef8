// The list worker's heavy work (reading a list's bytes) in arrival order, one item per turn of the
// event loop. Messages are handled between the items, so a drop that came behind a backlog of a list's
// bytes removes them before they are read, and a query of another list does not wait for them: a list
// invalidated while it loaded (a refetch, the same screen opened again) no longer holds up the next one
// with up to main's whole in-flight allowance of bytes nobody will look at.

export interface WorkItem {
  /** The list it belongs to (null: an item of no list, such as a reply after everything before it). */
  key: string | null;
  run(): void;
}

export class WorkQueue {
  private items: WorkItem[] = [];
  private scheduled = false;

  /** `later` runs a callback on a later turn (setImmediate: after the messages that arrived meanwhile). */
  constructor(private readonly later: (run: () => void) => void = (run) => void setImmediate(run)) {}

  get length(): number {
    return this.items.length;
  }

  push(key: string | null, run: () => void): void {
    this.items.push({ key, run });
    this.schedule();
  }

  /** Forgets the items of these lists that have not run yet (returns how many). */
  drop(keys: readonly string[]): number {
    const before = this.items.length;
    this.items = this.items.filter((item) => item.key === null || !keys.includes(item.key));
    return before - this.items.length;
  }

  private schedule(): void {
    if (this.scheduled || this.items.length === 0) return;
    this.scheduled = true;
    this.later(() => {
      this.scheduled = false;
      const item = this.items.shift();
      // Scheduled first: an item that throws does not stop the ones behind it.
      this.schedule();
      item?.run();
    });
  }
}
