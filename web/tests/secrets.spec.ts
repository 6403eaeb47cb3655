// The browser leak scan from a player's seat (issue 29; helpers and the rule in leak_scan.ts):
// every frame the page received, its DOM and its storage, at several points of the game, must
// not single out the other seats' secret cells. The truth comes from the test's own side: the
// opponent is a raw WebSocket client placed with a known fleet (classic), or the record read
// after the end (Royale's hands, the party's fleets). A negative control plants a secret in
// storage, in a cell's title and in a frame, and the scanner must report each.
import type { Page } from '@playwright/test';
import { createRoom, expect, joinRoom, openRoom, roomClient, startRoom, test } from './fixtures';
import { boardCells, captureFrames, findLeaks, fleetCells, snapshot, type Secret } from './leak_scan';

const target = (page: Page, cell: string) => page.getByTestId('target-grid').locator(`[data-cell="${cell}"]`);

test('classic from a player seat: no unhit enemy cell in frames, DOM or storage', async ({ page, server, lobby }) => {
  const options = { rows: 5, cols: 5, fleet: [{ name: 'Submarine', length: 3 }, { name: 'Destroyer', length: 2 }], first: 0 };
  const lengths = [3, 2];
  // Disjoint fleets, and Bob only ever fires off his own ship cells: a cell of his fleet that
  // the page names can only come from his secret.
  const annShips = ['A1 right', 'C1 right'];
  const bobShips = ['E3 right', 'B5 down'];
  const bobFleet = fleetCells(bobShips, lengths);
  const ann = await createRoom(lobby, { game: 'classic', options, seat: 0 });
  const bob = await joinRoom(server, ann.room, 'Bob');
  await startRoom(server, ann.room, ann.token);
  const bobWire = await roomClient(server, ann.room, bob.token);
  expect((await bobWire.request({ cmd: 'act', action_id: 'b0', action: { type: 'place', ships: bobShips } })).type).toBe('acted');

  const frames = captureFrames(page);
  await openRoom(page, server, ann.room, ann.token, 0);
  const annWire = await roomClient(server, ann.room, ann.token);
  expect((await annWire.request({ cmd: 'act', action_id: 'a0', action: { type: 'place', ships: annShips } })).type).toBe('acted');
  annWire.close();
  const secret: Secret = { cells: boardCells(5, 5), shot: new Set(), own: fleetCells(annShips, lengths), fleets: new Map([[1, bobFleet]]) };
  const scan = async (where: string) => {
    const snap = await snapshot(page, frames, where);
    expect(snap.frames.length).toBeGreaterThan(0);
    expect(snap.domCells.length).toBeGreaterThan(0);
    expect(findLeaks(snap, secret, lengths)).toEqual([]);
    return snap;
  };
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await scan('after placement');

  // Ann's shots by click, Bob's over the wire (never on a cell of his own fleet).
  const bobShots = ['A5', 'B1', 'D1', 'D2', 'E1'];
  let b = 0;
  const exchange = async (cell: string, result: RegExp) => {
    await expect(page.getByTestId('turn')).toContainText('Your turn');
    await target(page, cell).click();
    await expect(target(page, cell)).toHaveAttribute('aria-label', result);
    secret.shot.add(cell);
    const shot = bobShots[b++]!;
    expect((await bobWire.request({ cmd: 'act', action_id: `b${b}`, action: { type: 'fire', cells: [shot] } })).type).toBe('acted');
    await expect(page.getByTestId('own-grid').locator(`[data-cell="${shot}"]`)).toHaveAttribute('aria-label', /miss|hit/i);
  };
  await exchange('E4', /hit/i);
  await exchange('A5', /miss/i);
  await scan('mid-game');
  await exchange('E3', /hit/i);
  await exchange('E5', /sunk|hit/i);
  await exchange('B5', /hit/i);
  const last = await scan('just before the end'); // C5 alone is left of Bob's fleet

  // The negative control: the same scanner finds C5 planted in a frame, in storage and in a
  // cell's title (each on its own, the real page untouched but for the plant).
  const planted = (extra: Partial<typeof last>) => findLeaks({ ...last, ...extra, where: 'planted' }, secret, lengths);
  expect(planted({ frames: [...last.frames, JSON.stringify({ type: 'observation', enemy_fleet: ['B5 down'] })] })).not.toEqual([]);
  expect(planted({ frames: [...last.frames, JSON.stringify({ type: 'event', cells: ['C5'] })] })).not.toEqual([]);
  await page.evaluate(() => localStorage.setItem('planted', JSON.stringify({ seen: ['C5'] })));
  await target(page, 'C5').evaluate((el) => el.setAttribute('title', 'a ship is here'));
  const plantedPage = findLeaks(await snapshot(page, frames, 'planted page'), secret, lengths);
  expect(plantedPage.some((l) => /storage/.test(l))).toBe(true);
  expect(plantedPage.some((l) => /DOM draws .* C5/.test(l))).toBe(true);
  await page.evaluate(() => localStorage.removeItem('planted'));
  await target(page, 'C5').evaluate((el) => el.removeAttribute('title'));

  // The last shot ends the game; the record may then reveal everything.
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await target(page, 'C5').click();
  await expect(page.getByTestId('turn')).toContainText(/Game over|You win|won/i);
  bobWire.close();
});
