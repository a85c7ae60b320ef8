/** A count with its noun in the right number: '1 video', '0 videos', '3 folders' (`many` for irregular plurals). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;
}
