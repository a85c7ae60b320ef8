import { describe, expect, it } from 'vitest';
import { appContentType, appFileFor, isAppPageUrl } from './app-url';

const root = '/opt/app/out/renderer';

describe('the app:// protocol', () => {
  it('maps requests to files inside the built renderer', () => {
    expect(appFileFor('app://content-console/index.html', root)).toBe(`${root}/index.html`);
    expect(appFileFor('app://content-console/', root)).toBe(`${root}/index.html`);
    expect(appFileFor('app://content-console/assets/index-abc.js?v=1#/admins', root)).toBe(`${root}/assets/index-abc.js`);
    expect(appFileFor('app://content-console/assets/a%20b.css', root)).toBe(`${root}/assets/a b.css`);
  });

  it('refuses other hosts, schemes and anything that leaves the folder', () => {
    expect(appFileFor('app://evil/index.html', root)).toBeNull();
    expect(appFileFor('file:///etc/passwd', root)).toBeNull();
    expect(appFileFor('app://content-console/..%2F..%2F..%2Fetc%2Fpasswd', root)).toBeNull();
    expect(appFileFor('app://content-console/assets/..%2F..%2Fmain%2Findex.js', root)).toBeNull();
    expect(appFileFor('app://content-console/a%5C..%5C..%5Cx', root)).toBeNull();
    expect(appFileFor('app://content-console/x%00.js', root)).toBeNull();
    expect(appFileFor('app://content-console/%E0%A4%A', root)).toBeNull();
    // The URL parser folds plain dot segments first: they stay inside.
    expect(appFileFor('app://content-console/../../etc/passwd', root)).toBe(`${root}/etc/passwd`);
  });

  it("knows the app's page and the content types", () => {
    expect(isAppPageUrl('app://content-console/index.html#/admins')).toBe(true);
    expect(isAppPageUrl('app://content-console/other.html')).toBe(false);
    expect(isAppPageUrl('app://evil/index.html')).toBe(false);
    expect(isAppPageUrl('file:///opt/app/out/renderer/index.html')).toBe(false);
    expect(appContentType('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(appContentType('/x/a.JS')).toBe('text/javascript; charset=utf-8');
  });
});
