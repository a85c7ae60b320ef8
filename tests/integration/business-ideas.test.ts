import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessIdea } from '../../src/shared/schemas/business-ideas';
import { expectOk, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

describe('businessIdeas.all', () => {
  it('lists the business ideas without a session (no token)', async () => {
    const ideas = expectOk(await h.call<BusinessIdea[]>('businessIdeas', 'all'));
    expect(ideas.length).toBeGreaterThanOrEqual(15);
    expect(ideas[0]).toMatchObject({ _id: expect.any(String), inEnglish: 'Dairy Farming' });
  });
});
