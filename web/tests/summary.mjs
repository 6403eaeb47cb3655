// Prints "web: N passed, M failed" from Playwright's JSON report (.ci/run adds it to the C++
// counts). A report that is missing means the browser tests did not run: one failure.
import { readFileSync } from 'node:fs';

try {
  const { stats } = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/results.json', 'utf8'));
  const passed = stats.expected + stats.flaky;
  const failed = stats.unexpected;
  console.log(`web: ${passed} passed, ${failed} failed`);
} catch {
  console.log('web: 0 passed, 1 failed');
}
