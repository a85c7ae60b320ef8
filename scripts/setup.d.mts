export type InstallState = 'missing' | 'stale' | 'current';
export function installState(input: {
  hasNodeModules: boolean;
  lockHash: string;
  stampHash?: string;
  installedMtimeMs?: number;
  lockMtimeMs: number;
}): InstallState;
export function debianPackagesFor(step: 'start' | 'test'): string[];
export function setup(step: 'start' | 'test'): Promise<boolean>;
