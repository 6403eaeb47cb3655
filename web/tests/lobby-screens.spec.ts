// The lobby's looks, pixel for pixel (issue 32 item 6), at 1280 px and on a 360 px phone, light
// and dark. The lobby is deterministic on a fresh browser context: its localStorage is empty, so
// "recent games" is empty, and this file's own server (worker-scoped) has no room open before
// these tests. Animations off (reducedMotion), fixed viewport and scheme; no pixel may differ.
// Update on purpose: `npx playwright test tests/lobby-screens.spec.ts --update-snapshots`.
import { expect, test } from './fixtures';
import { blur, pageShot } from './screens';

test.use({ reducedMotion: 'reduce', deviceScaleFactor: 1 });

for (const [width, height] of [[1280, 900], [360, 780]] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the lobby, ${width} px wide, ${scheme}`, async ({ page, server }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(server.url + '/');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await blur(page);
      // Masked: the terminal hint's one line of code, which shows this test server's free port.
      const port = page.locator('code', { hasText: 'broadside join CODE --server' });
      await pageShot(page, `lobby-${width}-${scheme}.png`, [port]);
    });
  }
}
