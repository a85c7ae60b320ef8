import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/api';
import { registeredRoutes } from '../../server/app';
import { SERVICES, type CallDef } from '../../src/shared/api/contract';

const entries = Object.entries(contract).flatMap(([group, calls]) =>
  Object.entries(calls as Record<string, CallDef>).map(([name, def]) => ({ id: `${group}.${name}`, def })),
);

describe('the contract', () => {
  it('has an integration test for every entry (a describe block named <group>.<call>)', () => {
    const dir = import.meta.dirname;
    const sources = readdirSync(dir)
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('\n');
    const missing = entries.filter(({ id }) => !sources.includes(`describe('${id}'`)).map(({ id }) => id);
    expect(missing).toEqual([]);
  });

  it('has a reference server route for every entry', () => {
    const routes = new Set(registeredRoutes().map((r) => `${r.method} ${r.url}`));
    const missing = entries
      .map(({ id, def }) => ({ id, route: `${def.method} ${SERVICES[def.service]}${def.path.replace(/\{(\w+)\}/g, ':$1')}` }))
      .filter(({ route }) => !routes.has(route));
    expect(missing).toEqual([]);
  });
});
