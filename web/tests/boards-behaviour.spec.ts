// What the finished boards do, checked by their names and classes rather than pixels (issue 32
// item 2): the weapon's footprint previewed under the pointer and under the keyboard cursor
// (docs/rules/weapons.md), a weapon's struck cells landing with the shots' animations, Royale's
// latest shot of each seat marked and numbered, and the dice drawn as faces with names.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createRoom, expect, openRoom, placeRandomFleet, startRoom, test } from './fixtures';

const record = (name: string) => readFileSync(new URL(`./boards/${name}.json`, import.meta.url));

async function replayAt(page: Page, server: { url: string }, name: string, seat: number, move: number): Promise<void> {
  await page.goto(server.url + '/replay');
  await page.getByTestId('replay-file').setInputFiles({ name: `${name}.json`, mimeType: 'application/json', buffer: record(name) });
  await page.getByTestId('replay-seat').selectOption(String(seat));
  // The seat's own view, not the one before it while the seat's is on its way.
  await expect(page.getByTestId('replay')).toHaveAttribute('data-seat', String(seat));
  await expect(page.getByTestId('replay')).toHaveAttribute('aria-busy', 'false');
  await page.getByRole('slider', { name: 'Move' }).fill(String(move));
  await expect(page.getByTestId('replay-step')).toContainText(`Move ${move} of`);
}

/** The names of the cells drawn as the weapon's preview, sorted. */
const previewed = (grid: Locator) =>
  grid.locator('.cl-pattern, .cl-pattern-bad').evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')!).sort());

const sorted = (cells: string) => cells.split(' ').sort();

test("the weapon's footprint follows the pointer and the keyboard cursor", async ({ server, lobby, page }) => {
  const fleet = [
    { name: 'Carrier', length: 4 },
    { name: 'Submarine', length: 3 },
  ];
  const { room, token } = await createRoom(lobby, {
    game: 'classic',
    options: { rows: 8, cols: 8, fleet, first: 0, weapons: ['nuke', 'bomber', 'torpedo'] },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  await placeRandomFleet(page, 20_000);
  const target = page.getByTestId('target-grid');

  // The nuke under the pointer: the rules' 13 cells around D4, and none before a cell is pointed at.
  await page.locator('button[data-weapon=nuke]').click();
  expect(await previewed(target)).toEqual([]);
  await target.locator('[data-cell=D4]').hover();
  expect(await previewed(target)).toEqual(sorted('B4 C3 C4 C5 D2 D3 D4 D5 D6 E3 E4 E5 F4'));
  await expect(target.locator('[data-cell=B4]')).toHaveAttribute('aria-label', /Tactical Nuke's pattern/);
  // A top roll's 5x5 square (Condition Bravo): its other 12 cells drawn apart.
  expect(await target.locator('.cl-pattern-maybe').evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')!).sort())).toEqual(
    sorted('B2 B3 B5 B6 C2 C6 E2 E6 F2 F3 F5 F6'),
  );
  await expect(target.locator('[data-cell=B2]')).toHaveAttribute('aria-label', /5x5 square of a top roll/);
  // Near the edge only the cells on the board (6 around A1).
  await target.locator('[data-cell=A1]').hover();
  expect(await previewed(target)).toEqual(sorted('A1 A2 A3 B1 B2 C1'));

  // The bomber under the keyboard cursor: its 3x3 square moves with the arrows.
  await page.locator('button[data-weapon=bomber]').click();
  await page.mouse.move(0, 0);
  await target.locator('[data-cell=C3]').focus();
  expect(await previewed(target)).toEqual(sorted('B2 B3 B4 C2 C3 C4 D2 D3 D4'));
  await page.keyboard.press('ArrowRight');
  expect(await previewed(target)).toEqual(sorted('B3 B4 B5 C3 C4 C5 D3 D4 D5'));

  // The torpedo: from an edge cell its path runs away from that edge; from a corner both ways
  // until a heading is chosen; inside the board the start is marked as not allowed.
  await page.locator('button[data-weapon=torpedo]').click();
  await target.locator('[data-cell=C8]').focus();
  expect(await previewed(target)).toEqual(sorted('C1 C2 C3 C4 C5 C6 C7 C8'));
  await target.locator('[data-cell=A1]').focus();
  expect(await previewed(target)).toEqual(sorted('A1 A2 A3 A4 A5 A6 A7 A8 B1 C1 D1 E1 F1 G1 H1'));
  await target.locator('[data-cell=D4]').focus();
  expect(await previewed(target)).toEqual(['D4']);
  await expect(target.locator('[data-cell=D4]')).toHaveClass(/\bcl-pattern-bad\b/);
});

test("a weapon's struck cells land like shots: each is the latest, misses splash, hits burn", async ({ server, page }) => {
  // weapons.json, move 7: the first seat's nuke explodes on D5 ... H5 (hits on D5, E4, E5, G4-G6).
  await replayAt(page, server, 'weapons', 0, 7);
  const target = page.getByTestId('target-grid');
  await expect(target.locator('.last')).toHaveCount(13);
  const mark = (cell: string) => target.locator(`[data-cell=${cell}] > span`).first().evaluate((e) => getComputedStyle(e).animationName);
  expect(await mark('F3')).toBe('cl-splash');
  expect(await mark('G5')).toMatch(/^cl-(fire|sink)$/);
});

test("Royale: each seat's latest shot is framed, numbered and named, and only the latest", async ({ server, page }) => {
  const seat = 1;
  const move = 40;
  await replayAt(page, server, 'royale', seat, move);
  // The expected marks, from the server's own replay of the record: each seat's latest shots event.
  const view = await (await fetch(`${server.url}/api/replay?seat=${seat}`, { method: 'POST', body: record('royale') })).json();
  const events = [...view.start.events, ...view.steps.slice(0, move).flatMap((s: { events: unknown[] }) => s.events)];
  const last = new Map<string, number>();
  const byShooter = new Map<number, string[]>();
  for (const e of events) if (e.type === 'shots') byShooter.set(e.seat, e.shots.map((s: { cell: string }) => s.cell));
  for (const [shooter, cells] of byShooter) for (const c of cells) last.set(c, shooter);
  expect(byShooter.size).toBeGreaterThan(2);

  const grid = page.getByTestId('royale-board');
  const marked = await grid.locator('.last').evaluateAll((els) =>
    els.map((e) => [e.getAttribute('data-cell')!, e.querySelector('.cell-badge')?.textContent ?? '', e.getAttribute('aria-label')!] as const),
  );
  expect(marked.map(([c]) => c).sort()).toEqual([...last.keys()].sort());
  const names = await page.locator('[data-testid=royale-seats] .ry-seat-name').allTextContents();
  for (const [cell, badge, label] of marked) {
    const shooter = last.get(cell)!;
    expect(badge, cell).toBe(String(shooter + 1));
    const name = names[shooter]!.replace(/^▶ /, '').replace(/ \(you\)$/, '');
    expect(label, cell).toMatch(shooter === seat ? /, your last shot/ : new RegExp(`, last shot of ${name}`));
  }
  // Your cards are hulls; the key names the marks.
  await expect(grid.locator('.ship.hull, .sunk.hull').first()).toBeVisible();
  for (const what of ['your card', 'miss', 'hit', 'double hit', 'sunk', 'latest shot']) await expect(page.getByTestId('royale-legend')).toContainText(what);
});

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`the dice are faces with pips and names, set aside apart, rolling in (motion: ${motion})`, async ({ server, browser }) => {
    const page = await (await browser.newContext({ reducedMotion: motion })).newPage();
    // crew.json, move 5: the second seat has thrown twice; ship, captain and mate set aside, crew 5 and 6 (the 6 kept).
    await replayAt(page, server, 'crew', 0, 5);
    const aside = page.getByTestId('crew-aside');
    await expect(aside.getByRole('img')).toHaveCount(3);
    await expect(aside.getByRole('img', { name: 'die showing 6, set aside as ship' })).toBeVisible();
    await expect(aside.getByRole('img', { name: 'die showing 5, set aside as captain' })).toBeVisible();
    await expect(aside.getByRole('img', { name: 'die showing 4, set aside as mate' })).toBeVisible();
    const thrown = page.getByTestId('crew-thrown');
    await expect(thrown.getByRole('img', { name: 'die showing 5, crew' })).toBeVisible();
    await expect(thrown.getByRole('img', { name: 'die showing 6, crew, kept from the last throw' })).toBeVisible();
    // Each face carries as many pips as its name says.
    for (const die of await page.locator('[data-die]').all()) {
      const face = Number(/die showing (\d)/.exec((await die.getAttribute('aria-label'))!)![1]);
      await expect(die.locator('.cr-pip')).toHaveCount(face);
    }
    // The die of the latest throw rolls in (the kept one lies still), unless motion is reduced.
    const roll = (name: string) => thrown.getByRole('img', { name }).locator('.cr-face').evaluate((e) => getComputedStyle(e).animationName);
    expect(await roll('die showing 5, crew')).toBe(motion === 'reduce' ? 'none' : 'cr-roll');
    expect(await roll('die showing 6, crew, kept from the last throw')).toBe('none');
  });
}
