/**
 * The start check: `npm start` serves the app's sign-in page, its sandbox answers, and a second `npm start`
 * with nothing changed skips the build.
 *
 *   node tests/fresh-clone.mjs --here   in this checkout, as it is (what `npm test` runs in CI, after the
 *                                       tests: CI's checkout is itself a fresh clone, already set up)
 *   node tests/fresh-clone.mjs [--keep] in a new clone of HEAD, with its own set-up (npm ci and all): the
 *                                       whole first-command-after-a-clone path, for a person to run
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'cc-fresh-clone-'));
const here = process.argv.includes('--here');
/** Where `npm start` runs: this checkout, or a clone made in `work`. */
const clone = here ? root : join(work, 'repo');
const keep = process.argv.includes('--keep');

/** The `npm start` groups running now: stopped if this check is stopped (npm test stops it when another step fails). */
const running = new Set();
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    for (const pid of running) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    if (!keep) rmSync(work, { recursive: true, force: true });
    process.exit(signal === 'SIGTERM' ? 143 : 130);
  });
}

const fail = (message) => {
  console.error(`fresh-clone: FAILED: ${message}`);
  process.exitCode = 1;
};

/** npm's own variables from the outer `npm test` must not leak into the clone's npm runs. */
const cleanEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_(lifecycle|package|command|config_local_prefix)|INIT_CWD)/i.test(key)));

const freePort = () =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });

/**
 * Starts `npm start` in the clone and waits for the preview's URL, the sandbox's URL and the sign-in line.
 * Resolves with what it printed and a stop function; rejects after `timeoutMs` or if it exits first.
 */
function npmStart(port, sandboxDir, timeoutMs) {
  return new Promise((resolveStart, reject) => {
    const child = spawn('npm', ['start'], {
      cwd: clone,
      env: { ...cleanEnv(), PREVIEW_PORT: String(port), SANDBOX_DIR: sandboxDir, DISPLAY: '', WAYLAND_DISPLAY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child.pid);
    child.on('exit', () => running.delete(child.pid));
    let output = '';
    const started = Date.now();
    const exited = () => child.exitCode !== null || child.signalCode !== null;
    // The whole process group (npm, node, the preview's children); a group already gone is not an error.
    const killGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch (error) {
        if (error.code !== 'ESRCH') throw error;
      }
    };
    // Whether any process of the group is still there (npm may end before the sandbox it started).
    const groupAlive = () => {
      try {
        process.kill(-child.pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const stop = () =>
      new Promise((resolveStop) => {
        // Resolved once the whole group is gone, so that its folders are no longer written to.
        const whenGroupGone = () => {
          if (!groupAlive()) return resolveStop();
          setTimeout(whenGroupGone, 100);
        };
        if (exited() && !groupAlive()) return resolveStop();
        if (exited()) return whenGroupGone();
        child.on('exit', whenGroupGone);
        killGroup('SIGTERM');
        // Stragglers of the group (a server that ignores SIGTERM) are killed after a grace period.
        setTimeout(() => killGroup('SIGKILL'), 10_000).unref();
      });
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`npm start was not ready within ${timeoutMs / 1000} s. It printed:\n${output}`));
    }, timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const preview = output.match(/Content Console preview: (http:\/\/\S+)/);
      const sandbox = output.match(/Sandbox server: (http:\/\/\S+)/);
      if (preview && sandbox && /Sign in as \S+ \/ \S+/.test(output)) {
        clearTimeout(timer);
        resolveStart({ output, previewUrl: preview[1], sandboxUrl: sandbox[1], readyMs: Date.now() - started, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before it was ready. It printed:\n${output}`));
    });
  });
}

async function main() {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  if (here) {
    console.log(`fresh-clone: npm start in this checkout (${root}, ${head}), its sandbox in ${work}`);
  } else {
    console.log(`fresh-clone: cloning ${root} at ${head} into ${clone}`);
    if (spawnSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { stdio: 'inherit' }).status !== 0) return fail('git clone failed');
  }

  // The first command after a clone: `npm start` runs the set-up itself. It is run on its own first so
  // that its (long) install is not counted against the start's timeout below.
  console.log('fresh-clone: node scripts/setup.mjs start (as npm start runs it)');
  const setup = spawnSync('node', ['scripts/setup.mjs', 'start'], { cwd: clone, env: cleanEnv(), stdio: 'inherit' });
  if (setup.status !== 0) return fail(`the set-up failed (exit ${setup.status})`);

  const sandboxDir = join(work, 'sandbox');
  const port = await freePort();
  const first = await npmStart(port, sandboxDir, 600_000);
  try {
    console.log(`fresh-clone: npm start ready in ${(first.readyMs / 1000).toFixed(1)} s (build included): ${first.previewUrl}`);
    const page = await fetch(first.previewUrl);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('<title>Content Console</title>') || !html.includes('id="root"')) {
      return fail(`the preview did not serve the app's page (HTTP ${page.status})`);
    }
    // The sign-in page's script must be there too: the page is nothing without it.
    const script = html.match(/<script[^>]+src="([^"]+)"/g)?.map((tag) => tag.match(/src="([^"]+)"/)[1]).find((src) => src.includes('assets/'));
    if (!script || (await fetch(new URL(script, first.previewUrl))).status !== 200) return fail("the page's script did not load");
    // The sandbox answers a call of the contract that needs no token, with demo data.
    const ideas = await fetch(`${first.sandboxUrl}/api/v1/bussinessIdeas/all-detailed`);
    const body = await ideas.json();
    if (ideas.status !== 200 || body.error !== false || !Array.isArray(body.bussinessIdeas) || body.bussinessIdeas.length === 0) {
      return fail(`the sandbox did not answer with business ideas (HTTP ${ideas.status})`);
    }
    console.log(`fresh-clone: the sandbox answers (${body.bussinessIdeas.length} business ideas)`);
  } finally {
    await first.stop();
  }

  // A second start with nothing changed skips the build and keeps the sandbox's data.
  const second = await npmStart(port, sandboxDir, 120_000);
  await second.stop();
  console.log(`fresh-clone: second npm start ready in ${(second.readyMs / 1000).toFixed(1)} s`);
  if (!second.output.includes('The build is current')) return fail(`the second npm start built again:\n${second.output}`);
  if (second.output.includes('npm ci')) return fail('the second npm start installed again');
  console.log('fresh-clone: passed');
}

try {
  await main();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  if (keep) console.log(`fresh-clone: kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
