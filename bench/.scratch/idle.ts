// The page's CPU while a screen sits idle, full motion against reduce motion: an animation that never
// ends (a spinner, a bar) keeps the renderer drawing frames.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { SANDBOX_DEFAULTS } from '../../server/app';
import { startBridgeHost } from '../../tests/bridge/host';
import { freePort } from '../../tests/free-port';

const dir = await mkdtemp(join(tmpdir(), 'cc-idle-'));
const host = await startBridgeHost({ port: await freePort(), rendererDir: resolve('out/renderer'), stateDir: join(dir, 'host'), sandboxDir: join(dir, 'server'), testRoutes: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
const screens = (process.argv[2] ?? 'admins,question-bank,courses,library,users,bulk-upload,history,mentors').split(',');
for (const motion of ['no-preference', 'reduce'] as const) {
  const context = await browser.newContext({ reducedMotion: motion, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${host.url}/#/login`);
  await page.waitForFunction(() => typeof (globalThis as { api?: unknown }).api === 'object');
  await page.evaluate((c) => (globalThis as any).api.session.login(c), { email: SANDBOX_DEFAULTS.email, password: SANDBOX_DEFAULTS.password });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const task = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value);
  const out: string[] = [];
  for (const s of screens) {
    await page.goto(`${host.url}/#/${s}`);
    await page.reload();
    await page.waitForTimeout(4000);
    const t0 = await task();
    await page.waitForTimeout(5000);
    const running = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').map((a) => `${(a as any).animationName ?? a.constructor.name} on ${(a.effect as KeyframeEffect)?.target?.className?.toString().slice(0, 60)}`));
    out.push(`${s}: ${(((await task()) - t0) * 1000 / 5).toFixed(1)} ms CPU per s idle; running: ${running.slice(0, 3).join(' | ')}${running.length > 3 ? ` (+${running.length - 3})` : ''}`);
  }
  console.log(`== ${motion}\n${out.join('\n')}`);
  await context.close();
}
await browser.close();
await host.close();
process.exit(0);
