// How long the lobby takes to be usable: from page.goto('/') to the "Play the computer" button
// being enabled (the page loaded, the WebSocket open, `welcome` with every game's options drawn).
// A benchmark, not a test (a timing belongs here, not in the sanitizer build's test run):
//   npm run build && npm run bench:lobby            # BROADSIDE_BIN, else ../build/release/broadside
//   RUNS=20 BROADSIDE_BIN=/path/to/broadside npm run bench:lobby
// Each run is a fresh browser context (nothing cached) against one `broadside serve` on a free
// loopback port; it prints every run, then the median and the slowest. docs/performance.md.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.RUNS ?? 10);
const binary = resolve(
  process.env.BROADSIDE_BIN ?? ['../build/release/broadside', '../build/debug/broadside'].map((p) => resolve(web, p)).find(existsSync) ?? '',
);
if (!existsSync(binary)) throw new Error('no broadside binary: build it or set BROADSIDE_BIN');

const data = mkdtempSync(join(tmpdir(), 'broadside-bench-'));
const server = spawn(binary, ['serve', '--port', '0', '--data', data, '--web', resolve(web, 'dist')], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((ok, fail) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = /listening on (http:\/\/[^\s]+:\d+)/.exec(out);
    if (m) ok(m[1]);
  });
  server.on('exit', (code) => fail(new Error(`serve exited ${code}`)));
});

// The same browser as the tests (playwright.config.ts): the system's Chromium when there is one.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
});
const times = [];
try {
  for (let i = 0; i < runs; ++i) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(url + '/');
    await page.getByRole('button', { name: 'Play the computer' }).waitFor({ state: 'visible' });
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((e) => e.textContent?.trim() === 'Play the computer');
      return b && !b.disabled;
    });
    times.push(performance.now() - started);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`lobby usable (ms), ${runs} runs, ${binary}: ${times.map((t) => t.toFixed(0)).join(' ')}`);
console.log(`median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, slowest ${sorted[sorted.length - 1].toFixed(0)} ms`);
