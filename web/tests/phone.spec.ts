// A phone (Pixel 7, touch) playing a 10x10 classic game against the easy bot: no sideways page
// scrolling, cells of at least 32 px, the fleet placed by taps, and firing by tap-then-confirm
// (a single tap only aims). The target board comes first on the player's turn.
import type { Page } from '@playwright/test';
import { createRoom, expect, openRoom, startRoom, test } from './fixtures';

const target = (p: Page) => p.locator('[data-testid=target-grid]');

async function noSidewaysScroll(p: Page): Promise<void> {
  const [scroll, client] = await p.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test('phone: placement by taps, tap to aim and confirm to fire, to the end', async ({ server, lobby, page }) => {
  // A whole 10x10 game by taps, two taps and a few waits a shot: up to about 80 shots on a
  // loaded machine is more than the default minute (the 8x8 game of weapons.spec.ts took 43 s).
  test.setTimeout(150_000);
  const { room, token } = await createRoom(lobby, {
    game: 'classic',
    options: { first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);

  const grid = page.locator('[data-testid=place-grid]');
  await expect(grid).toBeVisible();
  await noSidewaysScroll(page);
  const box = (await grid.locator('[data-cell=A1]').boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(32);
  expect(box.height).toBeGreaterThanOrEqual(32);

  // The standard fleet, one ship a row from column 1, by taps; the last one turned down.
  const rows = ['A', 'C', 'E', 'G'];
  for (const [i, name] of ['Carrier', 'Battleship', 'Cruiser', 'Submarine'].entries()) {
    await page.getByRole('button', { name: new RegExp('^' + name) }).tap();
    await grid.locator(`[data-cell=${rows[i]}1]`).tap();
    await expect(grid.locator(`[data-cell=${rows[i]}1]`)).toHaveAttribute('aria-label', new RegExp(name));
  }
  await page.getByRole('button', { name: /Rotate/ }).tap();
  await grid.locator('[data-cell=A10]').tap();
  await expect(grid.locator('[data-cell=B10]')).toHaveAttribute('aria-label', /^B10, Destroyer/);
  await page.getByRole('button', { name: 'Place fleet' }).tap();

  // Firing: the target board is first on the phone when it is this player's turn.
  await expect(page.locator('[data-testid=turn]')).toContainText('Your turn');
  await expect(target(page)).toBeVisible();
  await noSidewaysScroll(page);
  const targetY = (await target(page).boundingBox())!.y;
  const ownY = (await page.locator('[data-testid=own-grid]').boundingBox())!.y;
  expect(targetY).toBeLessThan(ownY);
  expect((await target(page).locator('[data-cell=J10]').boundingBox())!.width).toBeGreaterThanOrEqual(32);

  // One tap aims and fires nothing; the confirm button fires.
  const first = target(page).locator('[data-cell=A1]');
  await first.tap();
  await expect(first).toHaveAttribute('aria-label', /not fired at, aimed/);
  await page.waitForTimeout(300);
  await expect(first).toHaveAttribute('aria-label', /not fired at/);
  await page.getByRole('button', { name: 'Fire at A1' }).tap();
  await expect(first).not.toHaveAttribute('aria-label', /not fired at/);

  // The rest of the game the same way, over the unfired cells, until it is over.
  const turn = page.locator('[data-testid=turn]');
  for (let i = 0; i < 120; ++i) {
    await expect(turn).toContainText(/Your turn|Game over/, { timeout: 20_000 });
    if ((await turn.textContent())!.includes('Game over')) break;
    const cell = target(page).locator('[aria-label$="not fired at"]').first();
    const name = (await cell.getAttribute('data-cell'))!;
    await cell.tap();
    await page.getByRole('button', { name: `Fire at ${name}` }).tap();
    await expect(target(page).locator(`[data-cell=${name}]`)).not.toHaveAttribute('aria-label', /not fired at/);
  }
  await expect(turn).toContainText('Game over');
  await noSidewaysScroll(page);
  await expect(page.locator('[data-testid=game-over]')).toBeVisible();
});
