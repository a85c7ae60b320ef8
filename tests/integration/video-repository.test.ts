import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/constants';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.login();
});
afterAll(async () => h.close());

describe('videoRepository.languages', () => {
  it('returns the twelve languages', async () => {
    expect(expectOk(await h.call<string[]>('videoRepository', 'languages'))).toEqual([...LANGUAGES]);
  });
});
