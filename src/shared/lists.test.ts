import { describe, expect, it } from 'vitest';
import { contract, local } from './api';
import { LIST_NAMES, listDef } from './lists';

describe('the kept lists registry', () => {
  it("names for each list the call the renderer's queries go under: the list's own call, or the local call that serves it", () => {
    for (const name of LIST_NAMES) {
      const def = listDef(name);
      const [group, call] = def.queryCall.split('.') as [string, string];
      const contractCall = (contract as Record<string, Record<string, unknown>>)[group]?.[call];
      const localCall = (local as Record<string, Record<string, unknown>>)[group]?.[call];
      expect(contractCall ?? localCall, `${name}: ${def.queryCall}`).toBeDefined();
      // A contract call named must be the list's own (its invalidations are the list's).
      if (contractCall) expect(contractCall, `${name}: ${def.queryCall}`).toBe(def.call);
    }
  });
});
