// Boards that look like the game (issue 32): the turn line is a status, not a button; the latest
// shot of each side is marked on both boards (a dashed frame and ", last shot" in the cell's
// name); a key under the boards says what each mark means; and on your own ocean a hit ship cell
// keeps its ship fill with the hit mark on it (it used to read as water); the placement board
// draws the placed ships as hulls too.
import type { Page } from '@playwright/test';
import { createRoom, expect, expectAxeClean, openRoom, startRoom, test } from './fixtures';

const fleet = [
  { name: 'Battleship', length: 4 },
  { name: 'Cruiser', length: 3 },
  { name: 'Submarine', length: 3 },
];

const style = (p: Page, sel: string, props: string[]) =>
  p.locator(sel).first().evaluate((e, names) => {
    const cs = getComputedStyle(e);
    return Object.fromEntries((names as string[]).map((n) => [n, cs.getPropertyValue(n)]));
  }, props);

test('classic against a bot: the turn line, the latest shots, the key, hits on your ships', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'classic',
    options: { rows: 5, cols: 5, fleet, first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  await page.getByRole('button', { name: 'Random' }).click();
  // The placement board draws each placed ship as its hull already: a bow and a stern apiece.
  const placing = page.getByTestId('place-grid');
  await expect(placing.locator('.hull-start')).toHaveCount(3);
  await expect(placing.locator('.hull-end')).toHaveCount(3);
  await expect(placing.locator('.hull')).toHaveCount(10);
  await page.getByRole('button', { name: 'Place fleet' }).click();
  const turn = page.getByTestId('turn');
  await expect(turn).toContainText('Your turn');

  // The turn line has no button's border, shadow, fill or pointer.
  const t = await style(page, '[data-testid=turn]', ['border-top-width', 'border-top-style', 'box-shadow', 'cursor', 'background-color']);
  expect(t['border-top-style'] === 'none' || t['border-top-width'] === '0px', `turn border ${JSON.stringify(t)}`).toBe(true);
  expect(t['box-shadow']).toBe('none');
  expect(t['cursor']).not.toBe('pointer');
  expect(t['background-color']).toBe('rgba(0, 0, 0, 0)');

  const target = page.getByTestId('target-grid');
  const own = page.getByTestId('own-grid');
  const cells = ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5', 'C1', 'C2', 'C3', 'C4', 'C5'];
  let previous: string | null = null;
  let sawOwnHit = false;
  for (const cell of cells) {
    await expect(turn).toContainText('Your turn');
    await target.locator(`[data-cell=${cell}]`).click();
    await expect(target.locator(`[data-cell=${cell}]`)).toHaveAttribute('aria-label', /, last shot$/);
    await expect(target.locator(`[data-cell=${cell}]`)).toHaveClass(/\blast\b/);
    if (previous) await expect(target.locator(`[data-cell=${previous}]`)).not.toHaveAttribute('aria-label', /last shot/);
    previous = cell;
    if (await page.getByTestId('game-over').isVisible()) break;
    // The bot's answer: one cell of our ocean is its latest shot.
    await expect(turn).toContainText(/Your turn|Game over/);
    await expect(own.locator('[aria-label$=", last shot"]')).toHaveCount(1);
    // And the observation after it has come (its marks on our ocean, one a bot shot): until it
    // does the page is busy and ignores a click, while the turn line may still say "Your turn".
    await expect(own.locator('[aria-label*="hit"], [aria-label*="miss"], [aria-label*="sunk"]')).toHaveCount(cells.indexOf(cell) + 1);
    await expect(target.locator('[aria-label$=", last shot"]')).toHaveCount(1);
    const hit = own.locator('[aria-label*=", hit, "]').first();
    if (await hit.count()) {
      // A hit ship cell keeps the ship's hull (not the sea) with the hit mark on it, and the
      // ship is one hull: its cells are drawn as a bow, a middle and a stern.
      const ship = own.locator('[aria-label]:not([aria-label*="hit"]):not([aria-label*="miss"]):not([aria-label*="water"])').first();
      const hull = (sel: string) => page.locator(sel).evaluate((e) => getComputedStyle(e, '::before').backgroundColor);
      const hitHull = await hull(`[data-testid=own-grid] [data-cell=${await hit.getAttribute('data-cell')}]`);
      const shipHull = await hull(`[data-testid=own-grid] [data-cell=${await ship.getAttribute('data-cell')}]`);
      const water = await hull(`[data-testid=own-grid] [data-cell=${await own.locator('[aria-label$=", water"]').first().getAttribute('data-cell')}]`);
      expect(hitHull).toBe(shipHull);
      expect(hitHull).not.toBe(water);
      await expect(own.locator('.hull-start')).toHaveCount(3);
      await expect(own.locator('.hull-end')).toHaveCount(3);
      await expect(hit).toHaveText('✕');
      sawOwnHit = true;
      break;
    }
  }
  expect(sawOwnHit).toBe(true);

  // The key under the boards names every mark.
  const key = page.getByTestId('board-legend');
  await expect(key).toBeVisible();
  for (const what of ['your ship', 'miss', 'hit', 'your ship, hit', 'sunk', 'latest shot']) await expect(key).toContainText(what);
  await expectAxeClean(page, 'classic boards with the key');
});
