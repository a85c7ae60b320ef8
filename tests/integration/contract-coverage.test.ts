import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/api';
import { buildServer, listRoutes, type BuiltServer } from '../../server/app';
import { SERVICES, type CallDef } from '../../src/shared/api/contract';

const entries = Object.entries(contract).flatMap(([group, calls]) =>
  Object.entries(calls as Record<string, CallDef>).map(([name, def]) => ({
    id: `${group}.${name}`,
    route: `${def.method} ${SERVICES[def.service]}${def.path.replace(/\{(\w+)\}/g, ':$1')}`,
  })),
);

// That every entry is called by an integration test is checked from the run's call log (tests/coverage).
describe('the contract', () => {
  describe('against the routes a built reference server really mounted', () => {
    let server: BuiltServer;
    beforeAll(async () => {
      server = await buildServer();
      await server.app.ready();
    });
    afterAll(() => server?.app.close());

    it('every entry has its route, and the server mounts no contract route the contract lacks', () => {
      const mounted = listRoutes(server.app).map((r) => `${r.method} ${r.url}`);
      const expected = entries.map(({ route }) => route);
      expect(expected.filter((route) => !mounted.includes(route))).toEqual([]);
      expect(mounted.filter((route) => !expected.includes(route))).toEqual([]);
      // Fastify's own router agrees (not only the list registerContract kept).
      for (const { route } of entries) {
        const [method, url] = route.split(' ') as [string, string];
        expect(server.app.hasRoute({ method, url }), route).toBe(true);
      }
    });
  });
});
