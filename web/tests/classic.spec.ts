// Classic and Salvo in the browser, two people in two browser contexts on a 5x5 board with two
// ships: one places at random, the other by clicks and the keyboard; they fire by clicks until
// someone wins; both see the end, the log and the revealed fleets. A spectator watches the
// classic game.
import type { Page } from '@playwright/test';
import { createRoom, expect, joinRoom, openRoom, startRoom, test } from './fixtures';
import { wholeLog } from './logs';

const fleet = [
  { name: 'Destroyer', length: 2 },
  { name: 'Patrol', length: 1 },
];

const target = (p: Page) => p.locator('[data-testid=target-grid]');
const unfired = (p: Page) => target(p).locator('[aria-label*="not fired at"]:not([aria-label*="aimed"])');

/** One click on an unfired cell (classic), then waits until the board shows the result. */
async function fireClassic(p: Page): Promise<void> {
  const cell = unfired(p).first();
  const name = await cell.getAttribute('data-cell');
  await cell.click();
  await expect(target(p).locator(`[data-cell=${name}]`)).not.toHaveAttribute('aria-label', /not fired at/);
}

/** Picks unfired cells until the salvo is complete, fires it, and waits for the results. */
async function fireSalvo(p: Page): Promise<void> {
  // Down to one ship: one shot, fired by a click as in the classic game.
  if (!(await p.getByRole('button', { name: 'Fire salvo' }).count())) return fireClassic(p);
  const button = p.getByRole('button', { name: 'Fire salvo' });
  let first: string | null = null;
  while (!(await button.isEnabled())) {
    const cell = unfired(p).first();
    first ??= await cell.getAttribute('data-cell');
    await cell.click();
  }
  await button.click();
  await expect(target(p).locator(`[data-cell=${first}]`)).not.toHaveAttribute('aria-label', /not fired at/);
}

/** Whoever's turn it is fires, until both pages say the game is over. */
async function playToEnd(pages: Page[], fire: (p: Page) => Promise<void>): Promise<void> {
  for (let i = 0; i < 400; ++i) {
    const turns = await Promise.all(pages.map((p) => p.locator('[data-testid=turn]').textContent()));
    if (turns.every((t) => t?.includes('Game over'))) return;
    const mover = pages.find((_, k) => turns[k]?.includes('Your turn'));
    if (mover) await fire(mover);
    else await pages[0]!.waitForTimeout(50);
  }
  throw new Error('the game did not end');
}

async function twoPlayers(game: string, server: any, lobby: any, browser: any, extra: Record<string, unknown> = {}) {
  const options = { rows: 5, cols: 5, fleet, first: 0, ...extra };
  const { room, token } = await createRoom(lobby, { game, options, seat: 0 });
  const bob = await joinRoom(server, room, 'Bob');
  await startRoom(server, room, token);
  const ann = await (await browser.newContext()).newPage();
  const bobPage = await (await browser.newContext()).newPage();
  await openRoom(ann, server, room, token, 0);
  await openRoom(bobPage, server, room, bob.token, bob.seat);
  return { room, ann, bob: bobPage };
}

async function checkEnd(pages: Page[]): Promise<void> {
  for (const p of pages) await expect(p.locator('[data-testid=game-over]')).toBeVisible();
  const texts = await Promise.all(pages.map((p) => p.locator('[data-testid=game-over]').textContent()));
  expect(texts.join(' ')).toMatch(/win/i);
  for (const p of pages) {
    const log = await wholeLog(p, 'shot-log');
    await expect(log).toContainText(/fired (at|\d+ shots:)/);
    // A volley of misses is counted, never "fired at 5 misses".
    await expect(log).not.toContainText(/fired at \d+ miss/);
    // The end is the room's end panel's to say (once), not the log's.
    await expect(log).not.toContainText('Game over');
  }
  // The loser sees where the winner's ships were: the record's fleets are drawn once it is over
  // (the record is fetched after the end, so it is waited for, not read once).
  await expect
    .poll(async () => Math.max(...(await Promise.all(pages.map((p) => target(p).locator('[aria-label*="revealed"]').count())))))
    .toBeGreaterThan(0);
}

test('classic: random placement, placement by clicks and keys, played to the end', async ({ server, lobby, browser }) => {
  // Two pages play a whole game by clicks: 49 to 52 s in a fresh-clone CI run, near the default
  // 60 s. Every wait inside keeps its own limit.
  test.setTimeout(150_000);
  const { room, ann, bob } = await twoPlayers('classic', server, lobby, browser);

  // Ann: a random layout, then send it.
  await ann.getByRole('button', { name: 'Random' }).click();
  await expect(ann.locator('[data-testid=place-grid] [aria-label*="Destroyer"]')).toHaveCount(2);
  await ann.getByRole('button', { name: 'Place fleet' }).click();

  // Bob: the Patrol by choosing it and clicking A1; then the Destroyer (chosen next by itself)
  // with the keyboard: rotate with "r", move with the arrows, Enter to place.
  const grid = bob.locator('[data-testid=place-grid]');
  // Not before Bob's page has observed Ann's placement: until then the board waits for it, and a
  // click there is ignored.
  await expect(bob.getByTestId('turn')).toHaveText(/^\W*Your turn$/);
  await expect(bob.getByRole('button', { name: 'Place fleet' })).toBeDisabled();
  await bob.getByRole('button', { name: /^Patrol/ }).click();
  await grid.locator('[data-cell=A1]').click();
  await expect(grid.locator('[data-cell=A1]')).toHaveAttribute('aria-label', /Patrol/);
  await expect(bob.getByRole('button', { name: /^Destroyer/ })).toHaveAttribute('aria-pressed', 'true');
  // A preview on B1 with the Destroyer lying right, then down: both fit.
  await grid.locator('[data-cell=C3]').focus();
  await bob.keyboard.press('r');
  await bob.keyboard.press('ArrowDown');
  await expect(grid.locator('[data-cell=E3]')).toHaveAttribute('aria-label', /preview of Destroyer/);
  await bob.keyboard.press('Enter');
  await expect(grid.locator('[data-cell=D3]')).toHaveAttribute('aria-label', /Destroyer/);
  await expect(grid.locator('[data-cell=E3]')).toHaveAttribute('aria-label', /Destroyer/);
  // An impossible place is refused in the preview and on Enter: the Destroyer over the Patrol.
  await bob.getByRole('button', { name: /^Destroyer/ }).click();
  await grid.locator('[data-cell=A2]').focus();
  await bob.keyboard.press('ArrowLeft');
  await expect(grid.locator('[data-cell=A1]')).toHaveAttribute('aria-label', /preview of Destroyer, overlaps/);
  // A drag with the mouse moves the Destroyer from D3-E3 to D5-E5 (held by its stern).
  const at = async (cell: string) => {
    const b = (await grid.locator(`[data-cell=${cell}]`).boundingBox())!;
    return [b.x + b.width / 2, b.y + b.height / 2] as const;
  };
  await bob.mouse.move(...(await at('E3')));
  await bob.mouse.down();
  await bob.mouse.move(...(await at('E4')), { steps: 3 });
  await expect(grid.locator('[data-cell=D4]')).toHaveAttribute('aria-label', /preview of Destroyer/);
  await bob.mouse.move(...(await at('E5')), { steps: 3 });
  await bob.mouse.up();
  await expect(grid.locator('[data-cell=D5]')).toHaveAttribute('aria-label', /Destroyer/);
  await expect(grid.locator('[data-cell=E5]')).toHaveAttribute('aria-label', /Destroyer/);
  await expect(grid.locator('[data-cell=D3]')).toHaveAttribute('aria-label', /water/);
  await bob.getByRole('button', { name: 'Place fleet' }).click();

  // A spectator joins to watch.
  const watcher = await (await browser.newContext()).newPage();
  await watcher.goto(server.url + '/watch/' + room);

  await expect(target(ann)).toBeVisible();
  await expect(target(bob)).toBeVisible();
  await expect(bob.locator('[data-testid=own-grid] [data-cell=D5]')).toHaveAttribute('aria-label', 'D5, Destroyer');
  await playToEnd([ann, bob], fireClassic);
  await checkEnd([ann, bob]);

  await expect(watcher.locator('[data-testid=side-grid-0]')).toBeVisible();
  await expect(watcher.locator('[data-testid=side-grid-1] [aria-label*=", hit"], [data-testid=side-grid-1] [aria-label*="sunk"]').first()).toBeVisible();
  expect(await watcher.locator('[data-testid=side-grid-0] [aria-label*="miss"], [data-testid=side-grid-0] [aria-label*="sunk"]').count()).toBeGreaterThan(0);
});

test('salvo: two players pick their cells and fire whole salvos to the end', async ({ server, lobby, browser }) => {
  // Two pages play a whole game by clicks: 49 to 52 s in a fresh-clone CI run, near the default
  // 60 s. Every wait inside keeps its own limit.
  test.setTimeout(150_000);
  const { ann, bob } = await twoPlayers('salvo', server, lobby, browser, { no_touch: true });
  // The no-touch rule shows in the preview: a Destroyer next to the Patrol (corners count).
  const grid = ann.locator('[data-testid=place-grid]');
  await ann.getByRole('button', { name: /^Patrol/ }).click();
  await grid.locator('[data-cell=A1]').click();
  await grid.locator('[data-cell=B2]').hover();
  await expect(grid.locator('[data-cell=B2]')).toHaveAttribute('aria-label', /preview of Destroyer, touches another ship/);
  await grid.locator('[data-cell=B2]').click();
  await expect(ann.getByText(/Destroyer cannot go at B2 right: touches another ship/)).toBeVisible();
  await grid.locator('[data-cell=C1]').click();
  await expect(grid.locator('[data-cell=C2]')).toHaveAttribute('aria-label', /Destroyer/);
  await ann.getByRole('button', { name: 'Clear' }).click();
  await expect(grid.locator('[aria-label*="Destroyer"]')).toHaveCount(0);
  for (const p of [ann, bob]) {
    await p.getByRole('button', { name: 'Random' }).click();
    await p.getByRole('button', { name: 'Place fleet' }).click();
  }
  await expect(target(ann)).toBeVisible();
  // Two ships afloat: two shots a salvo; a picked cell can be unpicked.
  await expect(ann.getByRole('button', { name: 'Fire salvo' })).toBeDisabled();
  await target(ann).locator('[data-cell=E5]').click();
  await expect(target(ann).locator('[data-cell=E5]')).toHaveAttribute('aria-label', /aimed/);
  await target(ann).locator('[data-cell=E5]').click();
  await expect(target(ann).locator('[data-cell=E5]')).not.toHaveAttribute('aria-label', /aimed/);
  await playToEnd([ann, bob], fireSalvo);
  await checkEnd([ann, bob]);
});
