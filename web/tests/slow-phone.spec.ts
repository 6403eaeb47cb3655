// A phone whose page is slow to answer: the click a browser sends after a tap can reach the
// cell long after the tap itself was handled at pointer-up. That late click must not count as a
// second tap (which would pick up the ship just placed, so that the next Rotate and tap move it
// and the fleet is never complete). The slowness is made here by a pointer-up listener that
// keeps the page busy for 800 ms after the board has handled the tap.
import type { Page } from '@playwright/test';
import { createRoom, expect, openRoom, startRoom, test } from './fixtures';

/** Keeps the page busy for 800 ms after every pointer-up, once the board has handled it. */
async function slowAfterPointerUp(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.addEventListener('pointerup', () => {
      const start = performance.now();
      while (performance.now() - start < 800);
    });
  });
}

test('phone: a late click after a tap does not pick up the ship it just placed', async ({ server, lobby, page }) => {
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
  await slowAfterPointerUp(page);

  const rows = ['A', 'C', 'E', 'G'];
  for (const [i, name] of ['Carrier', 'Battleship', 'Cruiser', 'Submarine'].entries()) {
    await page.getByRole('button', { name: new RegExp('^' + name) }).tap();
    await grid.locator(`[data-cell=${rows[i]}1]`).tap();
    await expect(grid.locator(`[data-cell=${rows[i]}1]`)).toHaveAttribute('aria-label', new RegExp(`^${rows[i]}1, ${name}`));
    // The next ship is the chosen one, and the one just placed stays where it was put.
    await expect(page.locator('.cl-note')).toHaveText(`${name} placed at ${rows[i]}1 right.`);
  }
  await expect(page.getByRole('button', { name: /^Destroyer/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /Rotate/ }).tap();
  await grid.locator('[data-cell=A10]').tap();
  await expect(grid.locator('[data-cell=B10]')).toHaveAttribute('aria-label', /^B10, Destroyer/);
  await expect(page.locator('.cl-note')).toHaveText('Destroyer placed at A10 down.');
  await expect(page.getByRole('button', { name: 'Place fleet' })).toBeEnabled();
  await expect(grid.locator('[data-cell=G1]')).toHaveAttribute('aria-label', /^G1, Submarine/);
});

test('phone: a late click after a tap does not choose the party ship it just placed', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'party',
    options: { players: 3 },
    seat: 1,
    bots: [{ seat: 0, level: 'easy' }],
  });
  await startRoom(server, room, token, true);
  await openRoom(page, server, room, token, 1);
  const grid = page.locator('[data-testid=party-placement]');
  await expect(grid).toBeVisible();
  await slowAfterPointerUp(page);

  // Each tap places the chosen ship along its row and hands over to the next one.
  const ships = ['Aircraft Carrier', 'Battleship', 'Cruiser', 'Submarine', 'Destroyer', 'Patrol Boat'];
  for (const [i, name] of ships.entries()) {
    await grid.locator(`[data-cell=A${i + 1}]`).tap();
    await expect(grid.locator(`[data-cell=A${i + 1}]`)).toHaveAttribute('aria-label', `A${i + 1}, ${name}`);
    if (i + 1 < ships.length) {
      // Past the late click: the next ship is still the chosen one.
      await page.waitForTimeout(300);
      await expect(page.locator(`[data-ship="${ships[i + 1]}"]`)).toHaveAttribute('aria-pressed', 'true');
    }
  }
  await expect(page.getByRole('button', { name: 'Lock in' })).toBeEnabled();
});
