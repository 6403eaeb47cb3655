// Keys docs/web.md promises that no other spec pressed. "Accessibility": every board a player
// plays or reads is a role="grid" with one focusable cell at a time, and the arrows, Home/End and
// PageUp/PageDown move the focus (Home and End: the first and last cell of the row; PageUp and
// PageDown: the top and bottom cell of the column; ui/Grid.tsx). "Replays", "Stepping": the arrow
// keys, Home and End on the replay's controls step the replay.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createRoom, expect, openRoom, placeRandomFleet, startRoom, test } from './fixtures';

/** Where the focus is: the grid (by test id), the cell's row, column and name. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      grid: el?.closest('[role=grid]')?.getAttribute('data-testid') ?? null,
      row: el?.dataset['row'] === undefined ? null : Number(el.dataset['row']),
      col: el?.dataset['col'] === undefined ? null : Number(el.dataset['col']),
      cell: el?.dataset['cell'] ?? null,
    };
  });

/** The cells of a grid that Tab can reach (roving tabindex: exactly one). */
const tabbable = (p: Page, grid: string) =>
  p.evaluate((id) => Array.from(document.querySelectorAll(`[data-testid="${id}"] [role=gridcell][tabindex="0"]`), (el) => (el as HTMLElement).dataset['cell']), grid);

/**
 * Tabs into the grid, then walks it by keys on a 6-row by 8-column board (rows A-F, columns 1-8,
 * so a row's ends and a column's ends are different cells), checking after each key the cell
 * that has the focus and that it is the grid's one focusable cell.
 */
async function walk(page: Page, grid: string): Promise<void> {
  for (let i = 0; i < 60 && (await focused(page)).grid !== grid; ++i) await page.keyboard.press('Tab');
  expect(await focused(page)).toEqual({ grid, row: 0, col: 0, cell: 'A1' });
  const steps: Array<[string, number, number, string]> = [
    ['ArrowDown', 1, 0, 'B1'],
    ['ArrowDown', 2, 0, 'C1'],
    ['ArrowRight', 2, 1, 'C2'],
    ['ArrowRight', 2, 2, 'C3'],
    ['ArrowRight', 2, 3, 'C4'],
    // Home and End: the first and the last cell of the focused cell's row.
    ['Home', 2, 0, 'C1'],
    ['End', 2, 7, 'C8'],
    // PageUp and PageDown: the top and the bottom cell of its column.
    ['PageUp', 0, 7, 'A8'],
    ['PageDown', 5, 7, 'F8'],
    ['Home', 5, 0, 'F1'],
    ['ArrowUp', 4, 0, 'E1'],
    ['ArrowRight', 4, 1, 'E2'],
    ['PageUp', 0, 1, 'A2'],
    ['End', 0, 7, 'A8'],
    ['ArrowLeft', 0, 6, 'A7'],
    ['PageDown', 5, 6, 'F7'],
  ];
  for (const [key, row, col, cell] of steps) {
    await page.keyboard.press(key);
    expect(await focused(page), `after ${key}`).toEqual({ grid, row, col, cell });
    await expect.poll(() => tabbable(page, grid), { message: `one focusable cell after ${key}` }).toEqual([cell]);
  }
}

test('board keys: Home, End, PageUp and PageDown move the focus on the placement and target boards', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'classic',
    options: { rows: 6, cols: 8, fleet: [{ name: 'Destroyer', length: 2 }, { name: 'Patrol', length: 1 }], first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  await expect(page.getByTestId('place-grid')).toHaveAttribute('role', 'grid');
  await walk(page, 'place-grid');
  // The keys moved the focus and nothing else: no ship was placed on the way.
  await expect(page.getByRole('button', { name: 'Destroyer length 2 not placed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Patrol length 1 not placed' })).toBeVisible();

  await placeRandomFleet(page);
  await expect(page.getByTestId('target-grid')).toHaveAttribute('role', 'grid');
  await walk(page, 'target-grid');
  // Still our turn, nothing fired: the keys only move.
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await expect(page.getByTestId('target-grid').locator('[aria-label*="not fired at"]')).toHaveCount(6 * 8);
});

test('replay keys: Home, End and the arrows on the controls step the replay', async ({ server, page }) => {
  await page.goto(server.url + '/replay');
  await page.getByTestId('replay-file').setInputFiles({
    name: 'classic.json',
    mimeType: 'application/json',
    buffer: readFileSync(new URL('./boards/classic.json', import.meta.url)),
  });
  const step = page.getByTestId('replay-step');
  await expect(step).toContainText('Before the first move');
  const total = Number(/\((\d+) moves in all\)/.exec((await step.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(10);
  const before = `Before the first move (${total} moves in all)`;
  await expect(step).toHaveText(before);
  // Who made the last move, as the Last move button shows it (the name is the record's).
  await page.getByRole('button', { name: 'Last move' }).click();
  await expect(step).toHaveText(new RegExp(`^Move ${total} of ${total}: \\S`));
  const lastLine = (await step.textContent())!;
  await page.getByRole('button', { name: 'First move' }).click();
  await expect(step).toHaveText(before);

  // On a button of the controls (a button has no Home or End of its own): Next move, two steps
  // in, then End. Next move is disabled at the last move; the focus stays in the controls (on
  // the slider), so the keys go on stepping: the arrow back, then Home.
  const next = page.getByRole('button', { name: 'Next move' });
  const previous = page.getByRole('button', { name: 'Previous move' });
  const slider = page.getByRole('slider', { name: 'Move' });
  await next.click();
  await next.click();
  await expect(step).toHaveText(/^Move 2 of /);
  await next.focus();
  await page.keyboard.press('End');
  await expect(step).toHaveText(lastLine);
  await expect(page.getByTestId('replay-end')).toBeVisible();
  await expect(slider).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(step).toHaveText(new RegExp(`^Move ${total - 1} of ${total}: `));
  await page.keyboard.press('Home');
  await expect(step).toHaveText(before);
  await expect(page.getByTestId('replay-end')).toHaveCount(0);
  // Home on Previous move, three steps in; then the arrow forward from where the focus went.
  for (let i = 0; i < 3; ++i) await next.click();
  await expect(step).toHaveText(/^Move 3 of /);
  await previous.focus();
  await page.keyboard.press('Home');
  await expect(step).toHaveText(before);
  await expect(slider).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(step).toHaveText(/^Move 1 of /);

  // On the slider too (its own keys agree: Home its minimum, End its maximum).
  await slider.focus();
  await page.keyboard.press('End');
  await expect(step).toHaveText(lastLine);
  await expect(slider).toHaveValue(String(total));
  await page.keyboard.press('ArrowLeft');
  await expect(step).toHaveText(new RegExp(`^Move ${total - 1} of ${total}: `));
  await page.keyboard.press('Home');
  await expect(step).toHaveText(before);
  await expect(slider).toHaveValue('0');
});
