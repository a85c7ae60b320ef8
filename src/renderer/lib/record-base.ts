import { BASE_FIELD, contract } from '../../shared/api';
import { withoutMarks } from '../../shared/tolerant';

// The record a dialog was opened on goes with its save or delete, so that main can check it did not
// change since and send back the fields the console does not model (CallDef.record). The kit's dialogs
// set it around the screen's submit; a mutation's `run` picks it up synchronously as it starts, so no
// screen passes it by hand.

let ambient: object | null = null;

/** Runs `fn` (a form's submit, a delete) with `base` as the record it acts on. */
export function withBase<R>(base: object | null | undefined, fn: () => R): R {
  const before = ambient;
  ambient = base ?? null;
  try {
    return fn();
  } finally {
    ambient = before;
  }
}

/** The input of a call with the record it acts on, when the call checks records and a dialog set one. */
export function withRecordBase(callId: string, input: unknown): unknown {
  if (!ambient || input === null || typeof input !== 'object') return input;
  const [group, call] = callId.split('.') as [string, string];
  const def = (contract as unknown as Record<string, Record<string, { record?: unknown }>>)[group]?.[call];
  return def?.record ? { ...input, [BASE_FIELD]: withoutMarks(ambient) } : input;
}
