// Playwright drives Debian's Chromium (/usr/bin/chromium): Playwright's own browser download
// cannot work on these machines. Every test file starts its own `broadside serve` on a free
// loopback port (tests/fixtures.ts), so files can run in parallel without sharing state.
import { defineConfig, devices } from '@playwright/test';

const root = process.getuid?.() === 0;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env['CI'] ? 2 : 2,
  retries: 0,
  reporter: process.env['CI'] ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : 'list',
  use: {
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: root ? ['--no-sandbox'] : [],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /phone\.spec/ },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined },
      testMatch: /phone\.spec/,
    },
  ],
});
