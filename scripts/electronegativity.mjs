#!/usr/bin/env node
// Runs Electronegativity (@doyensec/electronegativity) over the app's TypeScript sources and fails when a
// HIGH or MEDIUM finding is not justified in docs/electronegativity-allowlist.json.
//
//   node scripts/electronegativity.mjs [--input src] [--out DIR]
//
// Allowlist entries: { "check": "AUXCLICK_JS_CHECK", "file": "src/main/app/window.ts", "reason": "..." }
// (file relative to the repository root, '/' separators; no line numbers, so edits do not break them).
// A stale entry (nothing matches it any more) is reported as a warning, not a failure.
//
// Reports go to DIR (default .tmp/electronegativity/, git-ignored): report.sarif (Electronegativity's
// own) and findings.json (every finding with its allowlist status).
//
// Offline by design: the AvailableSecurityFixesGlobalCheck downloads Electron's release list from the
// internet (not reachable here), so it is excluded; the Electron version is read from node_modules.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const args = process.argv.slice(2);
const argValue = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const input = resolve(root, argValue('--input', 'src'));
const outDir = resolve(root, argValue('--out', join('.tmp', 'electronegativity')));
const allowlistPath = join(root, 'docs', 'electronegativity-allowlist.json');
const GATING = new Set(['HIGH', 'MEDIUM']);
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck'];
const TIMEOUT_MS = 5 * 60_000;

const toPosix = (p) => p.split(sep).join('/');
const repoPath = (file) => toPosix(relative(root, isAbsolute(file) ? file : join(input, file)));
const level = (x) => (x && typeof x === 'object' ? (x.name ?? String(x.value)) : String(x ?? '')).toUpperCase();

function readAllowlist() {
  if (!existsSync(allowlistPath)) return [];
  const parsed = JSON.parse(readFileSync(allowlistPath, 'utf8'));
  const entries = Array.isArray(parsed) ? parsed : parsed.allow;
  if (!Array.isArray(entries)) throw new Error(`${allowlistPath}: expected an array of { check, file, reason }`);
  for (const [i, e] of entries.entries()) {
    if (!e || typeof e.check !== 'string' || typeof e.file !== 'string' || typeof e.reason !== 'string' || e.reason.trim().length < 10) {
      throw new Error(`${allowlistPath}: entry ${i} needs "check", "file" and a real "reason"`);
    }
  }
  return entries;
}

async function main() {
  if (!existsSync(input)) throw new Error(`input ${input} does not exist`);
  // Electronegativity fetches translations for $LANG; an unknown locale (C.UTF-8) would lose messages.
  process.env.LANG = 'en-US';
  let electronVersion;
  try {
    electronVersion = require('electron/package.json').version;
  } catch {
    electronVersion = undefined;
  }

  const mod = require('@doyensec/electronegativity');
  const run = mod.default ?? mod;
  mkdirSync(outDir, { recursive: true });
  const sarifPath = join(outDir, 'report.sarif');

  // Electronegativity logs chatter (translation fetch) through console.log; keep it, prefixed.
  const started = Date.now();
  const result = await Promise.race([
    run(
      {
        input,
        output: sarifPath,
        isSarif: true,
        customScan: [],
        excludeFromScan: EXCLUDED_CHECKS.map((c) => c.toLowerCase()),
        severitySet: undefined,
        confidenceSet: undefined,
        isRelative: false,
        isVerbose: false,
        electronUpgrade: undefined,
        electronVersionOverride: electronVersion,
        parserPlugins: [],
      },
      false,
    ),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS).unref()),
  ]);

  const allowlist = readAllowlist();
  const used = new Set();
  const findings = result.issues.map((issue) => {
    const file = repoPath(issue.file);
    const severity = level(issue.severity);
    const confidence = level(issue.confidence);
    const index = allowlist.findIndex((e) => e.check === issue.id && toPosix(e.file) === file);
    if (index >= 0) used.add(index);
    return {
      check: issue.id,
      file,
      line: issue.location?.line,
      column: issue.location?.column,
      severity,
      confidence,
      manualReview: Boolean(issue.manualReview),
      description: issue.description,
      url: issue.shortenedURL,
      sample: typeof issue.sample === 'string' ? issue.sample.slice(0, 300) : undefined,
      allowed: index >= 0 ? allowlist[index].reason : null,
    };
  });
  writeFileSync(join(outDir, 'findings.json'), `${JSON.stringify({ electronVersion, input: repoPath(input), findings }, null, 2)}\n`);

  const parseErrors = result.errors.filter((e) => !e.tolerable);
  const gating = findings.filter((f) => GATING.has(f.severity));
  const blocking = gating.filter((f) => !f.allowed);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  console.log(
    `electronegativity: ${result.globalChecks + result.atomicChecks} checks over ${repoPath(input)}/ (Electron ${electronVersion ?? 'unknown'}) in ${seconds} s: ` +
      `${findings.length} findings, ${gating.length} HIGH/MEDIUM, ${gating.length - blocking.length} allowlisted. Reports: ${repoPath(outDir)}/`,
  );
  for (const f of findings.filter((x) => !GATING.has(x.severity))) {
    console.log(`  note  ${f.severity}/${f.confidence} ${f.check} ${f.file}:${f.line}`);
  }
  for (const f of gating.filter((x) => x.allowed)) {
    console.log(`  ok    ${f.severity}/${f.confidence} ${f.check} ${f.file}:${f.line} (allowlisted: ${f.allowed})`);
  }
  allowlist.forEach((e, i) => {
    if (!used.has(i)) console.log(`  warn  stale allowlist entry: ${e.check} ${e.file} (no such finding any more; remove it)`);
  });
  for (const e of parseErrors) console.error(`  error could not parse ${repoPath(e.file)}: ${e.message}`);
  for (const f of blocking) {
    console.error(`  FAIL  ${f.severity}/${f.confidence} ${f.check} ${f.file}:${f.line}:${f.column}\n        ${f.description}\n        ${f.url}`);
  }

  if (blocking.length > 0 || parseErrors.length > 0) {
    console.error(
      `electronegativity: ${blocking.length} HIGH/MEDIUM finding(s) not justified` +
        (parseErrors.length ? `, ${parseErrors.length} file(s) not parsed` : '') +
        `. Fix them, or add { "check", "file", "reason" } to docs/electronegativity-allowlist.json.`,
    );
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`electronegativity: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
