// Battleship Royale in the browser.
// - Standard, four players: three people in three browser contexts and a bot. Each person
//   discards two cards through the hand, then they fire by clicks (one shot per click on a
//   desktop), use or bank their bonus shots, and the game is played to its end; every shot is
//   checked on all three pages' shared boards, and the end reveals every hand from the record.
// - Advanced against two bots: the Submarine cannot be discarded, sonar on a row, and volleys of
//   the rolled number of cells chosen (a toggle undone) and sent at once, to the end.
import type { Browser, Page } from '@playwright/test';
import { createRoom, expect, joinRoom, openRoom, startRoom, test, type Server } from './fixtures';
import { wholeLog } from './logs';

const board = (p: Page) => p.locator('[data-testid=royale-board]');
const boardCell = (p: Page, name: string) => board(p).locator(`[data-cell=${name}]`);
const unshot = (p: Page) => board(p).locator('[aria-label*=", not shot"]');
const isMyTurn = async (p: Page) => ((await p.locator('[data-testid=turn]').textContent()) ?? '').includes('Your turn');
const over = (p: Page) => p.locator('[data-testid=royale-over]');

async function openPage(browser: Browser, server: Server, room: string, token: string, seat: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openRoom(page, server, room, token, seat);
  return page;
}

/** Chooses two discardable cards in the hand and sends the discard. */
async function discardTwo(p: Page): Promise<string[]> {
  const hand = p.locator('[data-testid=royale-hand]');
  const choices = hand.locator('button:enabled');
  await expect(choices.first()).toBeVisible();
  const ids: string[] = [];
  for (let i = 0; i < 2; ++i) {
    const card = choices.nth(i);
    ids.push((await card.locator('b').textContent())!);
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
  }
  await p.getByRole('button', { name: 'Discard 2 of 2 cards' }).click();
  for (const id of ids) await expect(p.locator('.ry-discards')).toContainText(id);
  return ids;
}

/**
 * One Standard step for the page whose turn it is: a click on the first unshot cell (a die shot,
 * or a banked bonus once the die is spent), or ending the turn the first time bonuses are offered
 * after the die. Every page's board must show the shot. Returns false when there was nothing to do.
 */
async function standardStep(p: Page, pages: Page[], state: { ended: boolean; bonuses: number; keyboard: boolean }): Promise<boolean> {
  const status = (await p.locator('[data-testid=royale-status]').textContent()) ?? '';
  const end = p.getByRole('button', { name: /^End turn/ });
  if (!state.ended && (await end.isVisible()) && (await end.isEnabled())) {
    await end.click();
    state.ended = true;
    await expect(end).toBeHidden();
    return true;
  }
  if (!/Fire a shot|end your turn/.test(status)) return false;
  if (/bonus/.test(status)) state.bonuses += 1;
  const cell = unshot(p).first();
  const name = await cell.getAttribute('data-cell');
  if (!name) return false;
  if (!state.keyboard) {
    // The first shot by the keyboard: Enter on the focused cell fires at once.
    await cell.focus();
    await p.keyboard.press('Enter');
    state.keyboard = true;
  } else {
    await cell.click();
  }
  for (const q of pages) await expect(boardCell(q, name)).not.toHaveAttribute('aria-label', /not shot/);
  return true;
}

test('royale standard: three people and a bot, discards and shots through the UI, to the end', async ({ server, lobby, browser }) => {
  // Three pages play a whole game in one Chromium: 46 s alone on the 2-core machine, but over
  // 120 s in a fresh-clone CI run with the other Playwright worker beside it (2026-11-27), 202 s
  // on a slower machine (2026-11-29). The limit guards against a hang, not a slow machine.
  test.setTimeout(600_000);
  const { room, token } = await createRoom(lobby, {
    game: 'royale',
    options: { players: 4, first: 0 },
    seat: 0,
    bots: [{ seat: 3, level: 'easy' }],
  });
  const bob = await joinRoom(server, room, 'Bob');
  const cid = await joinRoom(server, room, 'Cid');
  await startRoom(server, room, token);
  const pages = [
    await openPage(browser, server, room, token, 0),
    await openPage(browser, server, room, bob.token, bob.seat),
    await openPage(browser, server, room, cid.token, cid.seat),
  ];
  for (const p of pages) await expect(p.locator('[data-testid=royale-hand] li')).toHaveCount(5);
  // Every hand is private: the discards are chosen on each page.
  for (const p of pages) await discardTwo(p);
  for (const p of pages) {
    await expect(p.locator('[data-testid=royale-hand] li')).toHaveCount(3);
    await expect(p.locator('[data-testid=royale-seats] li')).toHaveCount(4);
    await expect(p.locator('[data-testid=royale-seats]')).toContainText('3 of 3 cards afloat');
    await expect(p.locator('[data-testid=royale-log]')).toContainText('Play starts');
  }
  // Seat 0 starts: its die roll is shown on every page.
  for (const p of pages) await expect(p.locator('[data-testid=royale-die]')).toContainText('rolled');

  const state = { ended: false, bonuses: 0, keyboard: false };
  let shots = 0;
  for (let i = 0; i < 600 && !(await over(pages[0]!).isVisible()); ++i) {
    let acted = false;
    for (const p of pages) {
      if (await isMyTurn(p)) {
        if (await standardStep(p, pages, state)) {
          acted = true;
          ++shots;
        }
      }
    }
    if (!acted) await pages[0]!.waitForTimeout(60);
  }
  expect(shots).toBeGreaterThan(10);
  for (const p of pages) {
    await expect(over(p)).toBeVisible();
    // Who won is said once, by the room's end panel.
    await expect(p.getByTestId('game-over')).toContainText(/wins?\b|You win/);
    await expect(p.locator('[data-testid=turn]')).toContainText('Game over');
    // The record reveals every hand: four seats, each with the cards it kept.
    await expect(p.locator('[data-testid=royale-reveal] li')).toHaveCount(4);
    await expect(p.locator('[data-testid=royale-reveal]')).toContainText('kept S');
    const log = await wholeLog(p, 'royale-log');
    await expect(log).toContainText('sank');
    await expect(log).toContainText('eliminated');
    await expect(log).not.toContainText('Game over');
  }
  // A spectator sees the same public board, the players, and no hand.
  const watcher = await (await browser.newContext()).newPage();
  await openRoom(watcher, server, room);
  await expect(board(watcher)).toBeVisible();
  await expect(watcher.locator('[data-testid=royale-hand]')).toHaveCount(0);
  await expect(watcher.locator('[data-testid=royale-seats] li')).toHaveCount(4);
  // The three boards and the spectator's agree cell by cell at the end.
  const labels = await Promise.all([...pages, watcher].map((p) => board(p).locator('[data-cell]').evaluateAll((els) => els.map((e) => (e.getAttribute('aria-label') ?? '').split(', ').slice(0, 2).join(', ')))));
  expect(labels[1]).toEqual(labels[0]);
  expect(labels[2]).toEqual(labels[0]);
  expect(labels[3]).toEqual(labels[0]);
});

/** One Advanced step: roll, or choose a volley (one cell toggled off again) and fire it, or end. */
async function advancedStep(p: Page, log: { sonar: boolean; volleys: number }): Promise<boolean> {
  if (!log.sonar && (await p.getByRole('button', { name: /^Use sonar on/ }).isVisible())) {
    await p.getByLabel('Sonar line').selectOption('C');
    await p.getByRole('button', { name: 'Use sonar on row C' }).click();
    await expect(p.locator('[data-testid=royale-log]')).toContainText(/You used sonar on row C: (Ping! from|no ping)/);
    log.sonar = true;
    return true;
  }
  const roll = p.getByRole('button', { name: 'Roll the die' });
  if (await roll.isVisible()) {
    await roll.click();
    await expect(roll).toBeHidden();
    return true;
  }
  const fire = p.locator('[data-testid=royale-fire]');
  if (await fire.isVisible()) {
    const needed = Number(/Choose (\d+) more/.exec((await fire.textContent()) ?? '')?.[1] ?? '0');
    if (needed === 0) return false;
    const cells = unshot(p);
    // A toggle: aim at a cell and take it back.
    const first = cells.first();
    const firstName = (await first.getAttribute('data-cell'))!;
    await first.click();
    await expect(boardCell(p, firstName)).toHaveAttribute('aria-label', /aimed/);
    await boardCell(p, firstName).click();
    await expect(boardCell(p, firstName)).not.toHaveAttribute('aria-label', /aimed/);
    const chosen: string[] = [];
    for (let k = 0; k < needed; ++k) {
      const c = board(p).locator('[aria-label*=", not shot"]:not([aria-label*="aimed"])').first();
      const name = (await c.getAttribute('data-cell'))!;
      await c.click();
      await expect(boardCell(p, name)).toHaveAttribute('aria-label', /aimed/);
      chosen.push(name);
    }
    await expect(fire).toHaveText(`Fire at ${chosen.join(', ')}`);
    await fire.click();
    for (const name of chosen) await expect(boardCell(p, name)).not.toHaveAttribute('aria-label', /not shot/);
    log.volleys += 1;
    return true;
  }
  const end = p.getByRole('button', { name: /^End turn/ });
  if (await end.isVisible()) {
    await end.click();
    await expect(end).toBeHidden();
    return true;
  }
  return false;
}

test('royale advanced: against two bots, sonar and volleys through the UI', async ({ server, lobby, page }) => {
  // 52 s in a fresh-clone CI run on a slow machine (2026-11-29): room for a slower one.
  test.setTimeout(180_000);
  const { room, token } = await createRoom(lobby, {
    game: 'royale',
    options: { mode: 'advanced', players: 3, first: 0 },
    seat: 0,
    bots: [
      { seat: 1, level: 'easy' },
      { seat: 2, level: 'easy' },
    ],
  });
  await startRoom(server, room, token);
  // A phone's width: no horizontal page scrolling at any point checked below.
  await page.setViewportSize({ width: 360, height: 780 });
  await openRoom(page, server, room, token, 0);
  const hand = page.locator('[data-testid=royale-hand]');
  await expect(hand.locator('li')).toHaveCount(5);
  // The Submarine is dealt to everyone and cannot be discarded.
  await expect(hand.getByRole('button', { name: /Submarine.*cannot be discarded/ })).toBeDisabled();
  await discardTwo(page);
  await expect(hand.locator('li')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const log = { sonar: false, volleys: 0 };
  for (let i = 0; i < 400 && !(await over(page).isVisible()); ++i) {
    if (!((await isMyTurn(page)) && (await advancedStep(page, log)))) await page.waitForTimeout(60);
  }
  expect(log.sonar).toBe(true);
  expect(log.volleys).toBeGreaterThan(0);
  await expect(over(page)).toBeVisible();
  await expect(page.locator('[data-testid=royale-reveal] li')).toHaveCount(3);
  await expect(page.locator('[data-testid=royale-reveal]')).toContainText('Submarine');
  await expect(page.getByTestId('game-over')).toContainText(/wins?\b|You win/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('royale standard on a touch phone: a tap aims, the button fires', async ({ server, lobby, browser }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'royale',
    options: { players: 2, first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await openRoom(page, server, room, token, 0);
  await discardTwo(page);
  await expect(page.locator('[data-testid=turn]')).toContainText('Your turn');
  const [a, b] = await unshot(page).evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-cell')!));
  // A tap only aims (a mis-tap wastes nothing); another tap moves the aim; the button fires.
  await boardCell(page, a!).tap();
  await expect(boardCell(page, a!)).toHaveAttribute('aria-label', /not shot.*aimed/);
  await boardCell(page, b!).tap();
  await expect(boardCell(page, a!)).not.toHaveAttribute('aria-label', /aimed/);
  await expect(boardCell(page, b!)).toHaveAttribute('aria-label', /aimed/);
  await page.locator('[data-testid=royale-fire]').tap();
  await expect(boardCell(page, b!)).not.toHaveAttribute('aria-label', /not shot/);
  // The shot went to the aimed cell, not to the cell tapped first. The bot fires too, and may
  // hit either cell at random, so the log says whose shot each was.
  const log = await wholeLog(page, 'royale-log');
  await expect(log).toContainText(new RegExp(`You fired: ${b} `));
  await expect(log).not.toContainText(new RegExp(`You fired: ${a} `));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
