// What the screenshot specs share (lobby-, boards-, opening- and end-screens; docs/web.md,
// "The screenshot matrix"): a committed record opened on /replay at a fixed move and seat, the
// two viewports, and one way to compare a picture: no pixel may differ.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The desktop: what boards-screens.spec.ts has always used. */
export const desktop = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', deviceScaleFactor: 1 } as const;
/** A 360 px phone with touch (a coarse pointer: the page's touch layout, tap-to-aim). */
export const phone = { viewport: { width: 360, height: 780 }, reducedMotion: 'reduce', deviceScaleFactor: 1, isMobile: true, hasTouch: true } as const;

// The room's code on a room's page and a party phone's (screens.css draws them monospace).
const ROOM_CODES = 'header.top .muted, .room-head .muted, .pn-phone-head h1 .muted';

const record = (name: string) => readFileSync(new URL(`./boards/${name}.json`, import.meta.url));

/** Nothing keeps the focus (no focus ring in the pictures). */
export async function blur(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/**
 * Opens tests/boards/NAME.json on /replay at `move` (0: before the first move; 'last': the end,
 * every fleet and hand revealed), seen from `seat` (-1: the public view).
 */
export async function replayAt(page: Page, server: { url: string }, name: string, seat: number, move: number | 'last'): Promise<void> {
  await page.goto(server.url + '/replay');
  await page.getByTestId('replay-file').setInputFiles({ name: `${name}.json`, mimeType: 'application/json', buffer: record(name) });
  await expect(page.getByTestId('replay-step')).toContainText('Before the first move');
  await page.getByTestId('replay-seat').selectOption(String(seat));
  // The seat's own view, not the one before it while the seat's is on its way.
  await expect(page.getByTestId('replay')).toHaveAttribute('data-seat', String(seat));
  await expect(page.getByTestId('replay')).toHaveAttribute('aria-busy', 'false');
  if (move === 'last') {
    await page.getByRole('button', { name: 'Last move' }).click();
    await expect(page.getByTestId('replay-end')).toBeVisible();
  } else if (move > 0) {
    await page.getByRole('slider', { name: 'Move' }).fill(String(move));
    await expect(page.getByTestId('replay-step')).toContainText(`Move ${move} of`);
  }
  await blur(page);
}

// Not one pixel may differ by more than a hair. Playwright's default threshold (0.2) lets a pixel
// whose colour moved visibly count as the same; 0 failed once in about a hundred pictures on two
// pixels of the replay's native <select> whose rounded corner came out one unit of a channel off
// (#262932 for #252932). 0.01 (pixelmatch: a YIQ colour distance of at most 35215 x 0.01² = 3.5)
// passes such a drift, up to a grey moving by two units of 255, and fails any larger change.
const EXACT = { animations: 'disabled', caret: 'hide', maxDiffPixels: 0, threshold: 0.01 } as const;

/** The picture of one element: animations stopped, no caret, not one pixel of difference. */
export function shot(what: Locator, name: string, mask: Locator[] = []): Promise<void> {
  return expect(what).toHaveScreenshot(name, { ...EXACT, mask });
}

// The room codes' font while a page's picture is taken: every code as wide (why: screens.css).
const SAME_WIDTH_CODES = fileURLToPath(new URL('./screens.css', import.meta.url));

/** The picture of the whole page (scrolled through), the same way. */
export function pageShot(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  return expect(page).toHaveScreenshot(name, { ...EXACT, fullPage: true, mask, stylePath: SAME_WIDTH_CODES });
}

/**
 * Masked on a room's page and a party phone's: the room's code (new each run) in the header bar
 * and in the heading.
 */
export const roomCode = (page: Page): Locator => page.locator(ROOM_CODES);
