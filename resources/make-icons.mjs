#!/usr/bin/env node
// Renders resources/icon.svg into the app icons, with Debian's Chromium through playwright-core:
//   icon.png (1024), icon-512.png, icon-256.png, icon.ico (16-256, PNG entries), icon.icns (PNG entries).
// The outputs are committed; CI never runs this. Run: node resources/make-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = dirname(fileURLToPath(import.meta.url));
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const sizes = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const png = {};
for (const n of sizes) {
  const page = await browser.newPage({ viewport: { width: n, height: n }, deviceScaleFactor: 1 });
  const sized = svg.replace('width="1024" height="1024"', `width="${n}" height="${n}"`);
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
  png[n] = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: n, height: n } });
  await page.close();
}
await browser.close();

writeFileSync(join(dir, 'icon.png'), png[1024]);
writeFileSync(join(dir, 'icon-512.png'), png[512]);
writeFileSync(join(dir, 'icon-256.png'), png[256]);

// ICO: a 6-byte header, 16-byte directory entries, then PNG images (supported since Windows Vista).
const icoSizes = [16, 24, 32, 48, 64, 128, 256];
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(icoSizes.length, 4);
let offset = 6 + 16 * icoSizes.length;
const entries = icoSizes.map((n) => {
  const e = Buffer.alloc(16);
  e.writeUInt8(n >= 256 ? 0 : n, 0);
  e.writeUInt8(n >= 256 ? 0 : n, 1);
  e.writeUInt8(0, 2); // palette
  e.writeUInt8(0, 3);
  e.writeUInt16LE(1, 4); // planes
  e.writeUInt16LE(32, 6); // bits per pixel
  e.writeUInt32LE(png[n].length, 8);
  e.writeUInt32LE(offset, 12);
  offset += png[n].length;
  return e;
});
writeFileSync(join(dir, 'icon.ico'), Buffer.concat([header, ...entries, ...icoSizes.map((n) => png[n])]));

// ICNS: 'icns' + total length, then (type, length incl. 8-byte header, PNG data) per entry.
const icnsTypes = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];
const chunks = icnsTypes.map(([type, n]) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'ascii');
  head.writeUInt32BE(8 + png[n].length, 4);
  return Buffer.concat([head, png[n]]);
});
const body = Buffer.concat(chunks);
const icnsHead = Buffer.alloc(8);
icnsHead.write('icns', 0, 'ascii');
icnsHead.writeUInt32BE(8 + body.length, 4);
writeFileSync(join(dir, 'icon.icns'), Buffer.concat([icnsHead, body]));
console.log('wrote icon.png, icon-512.png, icon-256.png, icon.ico, icon.icns');
