/** `--name N` or `--name=N` of a bench's arguments, a positive number (rounded); `fallback` when absent. */
export function numberArg(args: string[], name: string, fallback: number): number {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return fallback;
  const raw = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Bad --${name}: ${raw}`);
  return Math.round(n);
}

/** `--name V` or `--name=V` of a bench's arguments, one of `choices`; undefined when absent. */
export function choiceArg<C extends string>(args: string[], name: string, choices: readonly C[]): C | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const raw = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  if (!choices.includes(raw as C)) throw new Error(`Bad --${name}: ${raw} (one of ${choices.join(', ')})`);
  return raw as C;
}
