import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeLogFile, knownSecrets, lastErrors, lastLogLines, log, logAt, openLogFile } from './log';
import { redactText, redactValue, REDACTED, SecretSet } from './redact';

const TOKEN = 'c8f2a1e9b7d64f3a9e1c2b5d8f7a6e4c';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

describe('redaction', () => {
  it('removes emails, phone numbers, bearer tokens, JWTs and token parameters from text', () => {
    const text = `signed in as ana.lopez+admin@example.co.in (+91 98765 43210, 022-2345-6789) Authorization: Bearer ${TOKEN} jwt ${JWT} link content-console://reset-password?token=abc123&x=1`;
    const out = redactText(text);
    for (const secret of ['ana.lopez', 'example.co.in', '98765', '2345-6789', TOKEN, JWT, 'abc123']) expect(out).not.toContain(secret);
    expect(out).toContain('[email]');
    expect(out).toContain('[phone]');
    expect(out).toContain('Bearer [redacted]');
    expect(out).toContain('?token=[redacted]&x=1');
  });

  it('keeps what support needs: ids, statuses, sizes, times and dates', () => {
    const text = 'library.createMedia 409 after 1234 ms, record 65f1c2a9e4b0c1d2e3f4a5b6, 2026-12-05 19:12:30, 52428800 bytes';
    expect(redactText(text)).toBe(text);
  });

  it('empties fields named like secrets or personal data, at any depth, and known secret values anywhere', () => {
    const secrets = new SecretSet();
    secrets.add(TOKEN);
    const value = redactValue({ call: 'x', input: { password: 'hunter2hunter2', email: 'a@b.co', phoneNumber: '9876543210', nested: [{ accessToken: 'zzz' }] }, note: `key ${TOKEN}` }, secrets);
    expect(value).toEqual({ call: 'x', input: { password: REDACTED, email: REDACTED, phoneNumber: REDACTED, nested: [{ accessToken: REDACTED }] }, note: `key ${REDACTED}` });
  });

  it('an error keeps its name and redacted message and stack', () => {
    const error = new Error(`refused for a@b.co with ${TOKEN}`);
    const secrets = new SecretSet();
    secrets.add(TOKEN);
    const out = redactValue(error, secrets) as { name: string; message: string; stack: string };
    expect(out.name).toBe('Error');
    expect(out.message).toBe('refused for [email] with [redacted]');
    expect(out.stack).not.toContain(TOKEN);
  });
});

describe('the log file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cc-log-'));
  });
  afterEach(async () => {
    closeLogFile();
    knownSecrets.delete(TOKEN);
    await rm(dir, { recursive: true, force: true });
  });

  it('writes levels to the file, redacted at the door, and keeps the last lines and errors for diagnostics', async () => {
    const path = openLogFile({ dir, fileName: 'main.log', level: 'info' });
    knownSecrets.add(TOKEN);
    log('login failed', { email: 'ana@example.com', status: 401 });
    logAt('error', `upload refused: ${TOKEN} for ana@example.com`);
    logAt('debug', 'not written at level info');
    logAt('info', 'started', { version: '0.1.0' });
    const text = await readFile(path, 'utf8');
    expect(text).toMatch(/\[warn\]\s+login failed \{"email":"\[redacted\]","status":401\}/);
    expect(text).toMatch(/\[error\]\s+upload refused: \[redacted\] for \[email\]/);
    expect(text).not.toContain('not written');
    expect(text).not.toContain('ana@example.com');
    expect(text).not.toContain(TOKEN);
    expect((await lastLogLines(2)).join('\n')).toMatch(/upload refused[\s\S]*started/);
    expect(lastErrors(5).at(-1)).toContain('upload refused: [redacted]');
  });

  it('rotates by size: the full file becomes main.old.log', async () => {
    openLogFile({ dir, fileName: 'main.log', maxBytes: 4096 });
    for (let i = 0; i < 100; i += 1) logAt('info', `line ${i} ${'x'.repeat(80)}`);
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['main.log', 'main.old.log']);
    expect((await readFile(join(dir, 'main.log'), 'utf8')).length).toBeLessThan(4096 + 200);
    expect(await readFile(join(dir, 'main.log'), 'utf8')).toContain('line 99');
  });
});
