// The boards' looks, pixel for pixel (issue 32 item 6): every game's board drawn from a fixed
// game (a committed record, tests/boards/*.json, replayed on /replay at a fixed move and seat),
// at a fixed viewport, with animations off (reducedMotion) and a fixed colour scheme. A change
// to a board's style fails here until the baselines are updated on purpose (docs/web.md, "Tests":
// `npx playwright test tests/boards-screens.spec.ts --update-snapshots`, then look at each new
// picture under tests/boards-screens.spec.ts-snapshots/ before committing it).
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', colorScheme: 'light', deviceScaleFactor: 1 });

const record = (name: string) => readFileSync(new URL(`./boards/${name}.json`, import.meta.url));

/** Opens the record on /replay at `move`, seen from `seat` (-1: the public view). */
async function replayAt(page: Page, server: { url: string }, name: string, seat: number, move: number): Promise<void> {
  await page.goto(server.url + '/replay');
  await page.getByTestId('replay-file').setInputFiles({ name: `${name}.json`, mimeType: 'application/json', buffer: record(name) });
  await expect(page.getByTestId('replay-step')).toContainText('Before the first move');
  await page.getByTestId('replay-seat').selectOption(String(seat));
  await page.getByRole('slider', { name: 'Move' }).fill(String(move));
  await expect(page.getByTestId('replay-step')).toContainText(`Move ${move} of`);
  // Nothing keeps focus on a board (no focus ring in the pictures).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const shot = (what: Locator, name: string) => expect(what).toHaveScreenshot(name, { animations: 'disabled', caret: 'hide', maxDiffPixels: 0 });

test('classic: both oceans mid-game, hulls, hits, sunk ships, the latest shots, the key', async ({ page, server }) => {
  await replayAt(page, server, 'classic', 0, 60);
  await shot(page.locator('.cl-boards'), 'classic-boards.png');
  await shot(page.getByTestId('board-legend'), 'classic-key.png');
});

test('classic with weapons: a weapon strike on the boards', async ({ page, server }) => {
  await replayAt(page, server, 'weapons', 0, 14);
  await shot(page.locator('.cl-boards'), 'weapons-boards.png');
});

test('Royale: the shared grid with your cards as hulls, the latest shot of each seat numbered', async ({ page, server }) => {
  await replayAt(page, server, 'royale', 1, 40);
  await shot(page.locator('.ry-board'), 'royale-board.png');
  await shot(page.getByTestId('royale-seats'), 'royale-seats.png');
});

test('Royale in the dark theme', async ({ page, server }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await replayAt(page, server, 'royale', 1, 40);
  await shot(page.getByTestId('royale-board'), 'royale-board-dark.png');
});

test('the dice game: dice faces, kept dice set aside', async ({ page, server }) => {
  await replayAt(page, server, 'crew', 0, 5);
  await shot(page.getByTestId('crew-dice'), 'crew-dice.png');
});

test("the party game: a player's sea with the calls, the latest one, the key", async ({ page, server }) => {
  await replayAt(page, server, 'party', 1, 20);
  await shot(page.locator('.pt-board'), 'party-board.png');
});
