import { describe, expect, it } from 'vitest';
import { contract, type CallDef } from '../../shared/api';
import { READ_PLAN, entryOf, formatReport, mismatchesOf } from './platform-check';

describe('the platform check', () => {
  it('plans every read call of the contract, once each', () => {
    const reads = Object.entries(contract).flatMap(([group, calls]) =>
      Object.entries(calls as Record<string, CallDef>).filter(([, def]) => def.method === 'GET').map(([name]) => `${group}.${name}`),
    );
    const planned = READ_PLAN.map((step) => step.id);
    expect([...planned].sort()).toEqual([...reads].sort());
    expect(new Set(planned).size).toBe(planned.length);
    for (const id of planned) expect(entryOf(id).method).toBe('GET');
  });

  it('counts mismatches by field (list positions as *), with one example, withheld for personal fields', () => {
    const mismatches = mismatchesOf([
      [{ path: 'language', expected: 'English | Hindi', received: '"Klingon"' }, { path: 'options.3.option', expected: 'string', received: 'null' }],
      [{ path: 'language', expected: 'English | Hindi', received: '"Elvish"' }, { path: 'email', expected: 'string', received: '"asha@example.in"' }],
    ]);
    expect(mismatches).toEqual([
      { field: 'language', expected: 'English | Hindi', count: 2, example: '"Klingon"' },
      { field: 'email', expected: 'string', count: 1, example: '(withheld)' },
      { field: 'options.*.option', expected: 'string', count: 1, example: 'null' },
    ]);
    const text = formatReport({ server: 'https://platform.example', ok: false, calls: [{ call: 'adminAuth.users', status: 'ok', ms: 12, bytes: 2048, records: 2, partial: 2, mismatches, partialIds: ['a1', 'b2'] }] });
    expect(text).toContain('    email: expected string; 1 record, e.g. (withheld)');
    expect(text).toContain('    partly read: a1, b2');
    expect(text).not.toContain('asha@example.in');
    expect(text.endsWith('1 of 1 read calls did not match or did not answer.')).toBe(true);
  });
});
