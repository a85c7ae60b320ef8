import { describe, expect, it } from 'vitest';
import type { PlatformStatus } from '../../shared/api';
import { createReachability } from './reachability';

describe('reachability', () => {
  it("says a platform is gone and back for the connection's own origins only", async () => {
    const said: PlatformStatus[] = [];
    let current = ['http://platform.test'];
    let answers = false;
    const probed: string[] = [];
    const reachability = createReachability({
      emit: (status) => said.push(status),
      probe: async (origin) => {
        probed.push(origin);
        return answers;
      },
      current: () => current,
      probeEveryMs: 5,
      log: () => undefined,
    });
    // A call to a server the console was connected to before says nothing of this one.
    reachability.onNetwork({ kind: 'unreachable', origin: 'http://earlier.test' });
    expect(said).toEqual([]);
    reachability.onNetwork({ kind: 'unreachable', origin: 'http://platform.test' });
    expect(said).toMatchObject([{ state: 'unreachable', origin: 'http://platform.test' }]);
    await expect.poll(() => probed.length).toBeGreaterThan(0);
    // The connection changes while it is gone: the window hears that it is over, and it is asked no more.
    current = ['http://other.test'];
    await expect.poll(() => said.at(-1)).toEqual({ state: 'reachable', origin: 'http://platform.test' });
    const asked = probed.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(probed.length).toBe(asked);
    answers = true;
    reachability.close();
  });
});
