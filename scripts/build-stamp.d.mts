export function buildInputsHash(root: string): string;
export function buildIsCurrent(root: string): boolean;
export function recordBuild(root: string): void;
export function buildUnlessCurrent(root: string): number;
