/** vitest globalSetup of the integration project: the seeded template every harness copies. */
import type { TestProject } from 'vitest/node';
import { createSeedTemplate, removeSeedTemplate, type SeedTemplate } from './seed-template';

declare module 'vitest' {
  export interface ProvidedContext {
    seedTemplate: SeedTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createSeedTemplate();
  project.provide('seedTemplate', template);
  return () => removeSeedTemplate(template);
}
