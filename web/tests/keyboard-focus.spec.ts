// Keyboard play keeps its place: after every shot the focus is back on the target board at the
// cell last used (the view remounts its board after each move), so a keyboard player does not
// arrow across the board from A1 every turn. Classic and Salvo against a bot, keys only.
import type { Page } from '@playwright/test';
import { createRoom, expect, openRoom, placeRandomFleet, startRoom, test } from './fixtures';

const fleet = [
  { name: 'Destroyer', length: 2 },
  { name: 'Patrol', length: 1 },
];

const active = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { cell: el?.dataset['cell'] ?? null, grid: el?.closest('[role=grid]')?.getAttribute('data-testid') ?? null };
  });

async function start(page: Page, server: any, lobby: any, game: string, ships = fleet) {
  const { room, token } = await createRoom(lobby, {
    game,
    options: { rows: 6, cols: 6, fleet: ships, first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  await placeRandomFleet(page);
  // Into the target board by Tab alone.
  for (let i = 0; i < 60 && (await active(page)).grid !== 'target-grid'; ++i) await page.keyboard.press('Tab');
  expect((await active(page)).grid).toBe('target-grid');
}

test('classic by the keyboard: focus stays on the cell last fired at', async ({ server, lobby, page }) => {
  // Two ships of three cells: in four shots neither side can sink the other's whole fleet, so
  // the turn always comes back. With a Destroyer and a one-cell Patrol (three cells), a bot fleet
  // lying in A1 to A4, or a bot sinking ours in four shots, ended the game in about one run in
  // 150, and "Your turn" never came back.
  await start(page, server, lobby, 'classic', salvoFleet);
  for (let shot = 0; shot < 4; ++shot) {
    if (shot > 0) await page.keyboard.press('ArrowRight');
    const { cell } = await active(page);
    await page.keyboard.press('Enter');
    const target = page.getByTestId('target-grid').locator(`[data-cell=${cell}]`);
    await expect(target).not.toHaveAttribute('aria-label', /not fired at/);
    // The bot answers; then it is our turn again, with the focus where we left it.
    await expect(page.getByTestId('turn')).toContainText('Your turn');
    await expect(page.getByTestId('own-grid').locator('[aria-label*="hit"], [aria-label*="miss"], [aria-label*="sunk"]')).toHaveCount(shot + 1);
    expect(await active(page)).toEqual({ cell, grid: 'target-grid' });
    await expect(target).toHaveAttribute('tabindex', '0');
  }
});

// Ships of three cells: the bot's two-shot volley can never sink one, so each of our volleys has
// two shots. With a one-cell Patrol the bot sank it in about one game in twenty, our second
// volley had one shot, the Tab loop never found "Fire salvo", and the test failed.
const salvoFleet = [
  { name: 'Cruiser', length: 3 },
  { name: 'Submarine', length: 3 },
];

test('salvo by the keyboard: focus comes back to the board after the volley', async ({ server, lobby, page }) => {
  await start(page, server, lobby, 'salvo', salvoFleet);
  for (let volley = 0; volley < 2; ++volley) {
    // Two shots (two ships afloat): Enter picks, an arrow moves on, Enter picks, then the
    // confirm button by Tab and Enter.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    const { cell } = await active(page);
    await page.keyboard.press('Enter');
    for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.textContent === 'Fire salvo')); ++i) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    const target = page.getByTestId('target-grid').locator(`[data-cell=${cell}]`);
    await expect(target).not.toHaveAttribute('aria-label', /not fired at/);
    await expect(page.getByTestId('turn')).toContainText('Your turn');
    await expect.poll(() => active(page)).toEqual({ cell, grid: 'target-grid' });
  }
});

test('royale by the keyboard: focus stays on the shared grid across shots and turns', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'royale',
    options: { players: 2, first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  const hand = page.locator('[data-testid=royale-hand]');
  const choices = hand.locator('button:enabled');
  for (let i = 0; i < 2; ++i) await choices.nth(i).click();
  await page.getByRole('button', { name: 'Discard 2 of 2 cards' }).click();
  const status = page.getByTestId('royale-status');
  await expect(status).toContainText(/Fire a shot/);
  for (let i = 0; i < 80 && (await active(page)).grid !== 'royale-board'; ++i) await page.keyboard.press('Tab');
  for (let shot = 0; shot < 4; ++shot) {
    await expect(status).toContainText(/Fire a shot/);
    // On to a cell nobody has shot at yet (the bot shoots the same grid).
    for (let i = 0; i < 100; ++i) {
      await page.keyboard.press('ArrowRight');
      const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      if (label.includes('not shot')) break;
      if (i % 10 === 9) await page.keyboard.press('ArrowDown');
    }
    const { cell } = await active(page);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('royale-board').locator(`[data-cell=${cell}]`)).not.toHaveAttribute('aria-label', /not shot/);
    await expect.poll(() => active(page)).toEqual({ cell, grid: 'royale-board' });
  }
});

test('placement by the keyboard: focus stays on the cell where each ship was placed', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'classic',
    options: { rows: 6, cols: 6, fleet, first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  const grid = page.getByTestId('place-grid');
  await expect(grid).toBeVisible();
  for (let i = 0; i < 60 && (await active(page)).grid !== 'place-grid'; ++i) await page.keyboard.press('Tab');
  for (const [move, cell, ship] of [
    ['ArrowDown', 'B1', 'Destroyer'],
    ['ArrowDown', 'D1', 'Patrol'],
  ] as const) {
    await page.keyboard.press(move);
    if (ship === 'Patrol') await page.keyboard.press('ArrowDown');
    expect((await active(page)).cell).toBe(cell);
    await page.keyboard.press('Enter');
    await expect(grid.locator(`[data-cell=${cell}]`)).toHaveAttribute('aria-label', new RegExp(ship));
    expect(await active(page)).toEqual({ cell, grid: 'place-grid' });
  }
});

test('party placement by the keyboard: focus stays on the cell where each ship was placed', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'party',
    options: { players: 2 },
    seat: 1,
    bots: [{ seat: 0, level: 'easy' }],
  });
  await startRoom(server, room, token, true);
  await openRoom(page, server, room, token, 1);
  const grid = page.getByTestId('party-placement');
  await expect(grid).toBeVisible();
  for (let i = 0; i < 60 && (await active(page)).grid !== 'party-placement'; ++i) await page.keyboard.press('Tab');
  expect((await active(page)).cell).toBe('A1');
  await page.keyboard.press('Enter');
  await expect(grid.locator('[data-cell=A1]')).toHaveAttribute('aria-label', /Aircraft Carrier/);
  expect(await active(page)).toEqual({ cell: 'A1', grid: 'party-placement' });
  await page.keyboard.press('ArrowDown');
  const { cell } = await active(page);
  await page.keyboard.press('Enter');
  await expect(grid.locator(`[data-cell=${cell}]`)).toHaveAttribute('aria-label', /Battleship/);
  expect(await active(page)).toEqual({ cell, grid: 'party-placement' });
});
