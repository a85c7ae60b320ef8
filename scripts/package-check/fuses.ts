/**
 * Electron's fuses: a wire of bytes after a sentinel in the binary, flipped at packaging time
 * (electron-builder.yml `electronFuses`, through @electron/fuses). The stand-in binary carries a wire
 * with Electron's defaults, so the check reads back what the packaging wrote.
 */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_VERSION = 1;
/** The wire's order (fuse wire version 1). */
const FUSES = [
  'RunAsNode',
  'EnableCookieEncryption',
  'EnableNodeOptionsEnvironmentVariable',
  'EnableNodeCliInspectArguments',
  'EnableEmbeddedAsarIntegrityValidation',
  'OnlyLoadAppFromAsar',
  'LoadBrowserProcessSpecificV8Snapshot',
  'GrantFileProtocolExtraPrivileges',
] as const;
type FuseName = (typeof FUSES)[number];
/** Electron's own defaults ('1' on, '0' off), as an unflipped binary has them. */
const ELECTRON_DEFAULTS = '10110001';

/** What the app's security settings ask of each fuse (DESIGN section 9); the snapshot fuse is left alone. */
export const EXPECTED_FUSES: Partial<Record<FuseName, boolean>> = {
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
};

/** The stand-in for Electron's binary: a script that says what it is, carrying the default fuse wire. */
export function standInElectron(): Buffer {
  return Buffer.concat([
    Buffer.from("#!/bin/sh\n# A STAND-IN for Electron's binary (npm run package:check): it only carries Electron's fuse wire.\necho 'stand-in for the Electron binary: it cannot run the app' >&2\nexit 1\n# "),
    Buffer.from(SENTINEL),
    Buffer.from([FUSE_VERSION, FUSES.length]),
    Buffer.from(ELECTRON_DEFAULTS),
    Buffer.from('\n'),
  ]);
}

/** The fuses a binary carries: on, off, or 'removed'; null when it has no fuse wire. */
export function readFuses(binary: Buffer): Record<string, boolean | 'removed'> | null {
  const at = binary.indexOf(SENTINEL);
  if (at < 0) return null;
  const wire = at + SENTINEL.length;
  if (binary[wire] !== FUSE_VERSION) return null;
  const length = binary[wire + 1] ?? 0;
  const fuses: Record<string, boolean | 'removed'> = {};
  for (let i = 0; i < length; i++) {
    const state = binary[wire + 2 + i];
    fuses[FUSES[i] ?? `fuse${i}`] = state === 0x31 ? true : state === 0x30 ? false : 'removed';
  }
  return fuses;
}

export function fuseProblems(fuses: Record<string, boolean | 'removed'> | null): string[] {
  if (!fuses) return ['the packaged binary has no fuse wire'];
  return Object.entries(EXPECTED_FUSES).flatMap(([name, expected]) => (fuses[name] === expected ? [] : [`fuse ${name} is ${String(fuses[name])}, expected ${String(expected)}`]));
}
