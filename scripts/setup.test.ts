import { describe, expect, it } from 'vitest';
import { debianPackagesFor, installState } from './setup.mjs';

describe('installState: whether npm ci must run', () => {
  const lock = { lockHash: 'abc', lockMtimeMs: 1000 };

  it('is missing without node_modules', () => {
    expect(installState({ ...lock, hasNodeModules: false, stampHash: 'abc' })).toBe('missing');
  });

  it('is current when the stamp names the lockfile it was installed from', () => {
    expect(installState({ ...lock, hasNodeModules: true, stampHash: 'abc', installedMtimeMs: 1 })).toBe('current');
  });

  it('is stale when the lockfile changed since the stamped install, whatever the times say', () => {
    expect(installState({ ...lock, hasNodeModules: true, stampHash: 'old', installedMtimeMs: 5000 })).toBe('stale');
  });

  it("without a stamp, compares npm's own install record with the lockfile's time", () => {
    expect(installState({ ...lock, hasNodeModules: true, installedMtimeMs: 2000 })).toBe('current');
    expect(installState({ ...lock, hasNodeModules: true, installedMtimeMs: 999 })).toBe('stale');
    expect(installState({ ...lock, hasNodeModules: true })).toBe('stale');
  });
});

describe('debianPackagesFor', () => {
  it("start needs keytar's build headers; test adds the browser, keyring, database, media tools and fonts", () => {
    expect(debianPackagesFor('start')).toContain('libsecret-1-dev');
    expect(debianPackagesFor('start')).not.toContain('chromium');
    expect(debianPackagesFor('test')).toEqual(
      expect.arrayContaining(['libsecret-1-dev', 'chromium', 'chromium-headless-shell', 'gnome-keyring', 'dbus-x11', 'postgresql', 'ffmpeg', 'fonts-noto-core', 'libreoffice-calc-nogui']),
    );
  });
});
