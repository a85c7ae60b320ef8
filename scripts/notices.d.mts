import type { Plugin } from 'vite';
import type { NoticesFile } from '../src/shared/schemas/desktop';

export const NOTICES_FILE: string;
export function packageDirOf(id: string): string | null;
export function productionPackageDirs(root: string): string[];
export function buildNotices(root: string, bundled: Record<string, readonly string[]>): NoticesFile;
export function noticesPlugin(target: 'main' | 'preload' | 'renderer', root?: string): Plugin;
