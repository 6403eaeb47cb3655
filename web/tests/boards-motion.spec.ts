// Boards that move like the game (issue 32): the latest shot lands with a splash (miss), a burst
// of fire (hit) or, on a sinking, the whole hull dipping under; a sunk enemy ship is drawn as one
// hull across its cells; and a system asking for less motion gets none of the animations.
import type { Locator } from '@playwright/test';
import { createRoom, expect, joinRoom, openRoom, roomClient, startRoom, test } from './fixtures';

const fleet = [
  { name: 'Destroyer', length: 2 },
  { name: 'Patrol', length: 1 },
];
const options = { rows: 5, cols: 5, fleet, first: 0 };

/** The running animation of a cell's mark (its span) or of its hull (::before). */
const animation = (cell: Locator, part: 'mark' | 'hull') =>
  cell.evaluate((e, p) => getComputedStyle(p === 'mark' ? e.firstElementChild! : e, p === 'mark' ? null : '::before').animationName, part);

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`a miss splashes, a hit burns, a sinking goes down as one hull (motion: ${motion})`, async ({ server, lobby, browser }) => {
    const { room, token } = await createRoom(lobby, { game: 'classic', options, seat: 0 });
    const bob = await joinRoom(server, room, 'Bob');
    await startRoom(server, room, token);
    const annWs = await roomClient(server, room, token);
    const bobWs = await roomClient(server, room, bob.token);
    expect((await annWs.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: ['E1 right', 'C5 right'] } })).type).toBe('acted');
    expect((await bobWs.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: ['A1 right', 'C3 right'] } })).type).toBe('acted');
    annWs.close();

    const page = await (await browser.newContext({ reducedMotion: motion })).newPage();
    await openRoom(page, server, room, token, 0);
    const target = page.getByTestId('target-grid');
    const turn = page.getByTestId('turn');
    const moving = motion === 'no-preference';
    let bobShots = 0;
    const fire = async (cell: string) => {
      await expect(turn).toContainText('Your turn');
      await target.locator(`[data-cell=${cell}]`).click();
      await expect(target.locator(`[data-cell=${cell}]`)).toHaveClass(/\blast\b/);
    };
    const bobFires = async (cell: string) => {
      const answer = await bobWs.request({ cmd: 'act', action_id: `b${++bobShots}`, action: { type: 'fire', cell } });
      expect(answer.type).toBe('acted');
    };

    await fire('B1');
    const miss = target.locator('[data-cell=B1]');
    await expect(miss).toHaveClass(/\bmiss\b/);
    expect(await animation(miss, 'mark')).toBe(moving ? 'cl-splash' : 'none');
    await bobFires('E5');
    // Bob's shot lands on Ann's ocean; Ann's miss, still her latest shot (its frame stays), has
    // landed once already and does not splash again when the target board is drawn anew.
    const bobsMiss = page.getByTestId('own-grid').locator('[data-cell=E5]');
    await expect(bobsMiss).toHaveClass(/\blast\b/);
    expect(await animation(bobsMiss, 'mark')).toBe(moving ? 'cl-splash' : 'none');
    await expect(miss).toHaveClass(/\blast\b/);
    expect(await animation(miss, 'mark')).toBe('none');

    await fire('A1');
    const hit = target.locator('[data-cell=A1]');
    await expect(hit).toHaveClass(/\bhit\b/);
    expect(await animation(hit, 'mark')).toBe(moving ? 'cl-fire' : 'none');
    // One hit does not tell where the ship lies: no hull yet.
    await expect(target.locator('.hull')).toHaveCount(0);
    await bobFires('D5');

    await fire('A2');
    // The Destroyer is sunk: both its cells are one hull (bow at A1, stern at A2) in the sunk
    // colour, and both go down together.
    const a1 = target.locator('[data-cell=A1]');
    const a2 = target.locator('[data-cell=A2]');
    await expect(a1).toHaveClass(/\bsunk\b/);
    await expect(a1).toHaveClass(/\bhull-h\b.*\bhull-start\b|\bhull-start\b.*\bhull-h\b/);
    await expect(a2).toHaveClass(/\bhull-end\b/);
    await expect(target.locator('.hull')).toHaveCount(2);
    const hullColour = await a1.evaluate((e) => getComputedStyle(e, '::before').backgroundColor);
    const sea = await target.locator('[data-cell=E5]').evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(hullColour).not.toBe(sea);
    expect(hullColour).not.toBe('rgba(0, 0, 0, 0)');
    for (const cell of [a1, a2]) {
      await expect(cell).toHaveClass(/\bsinking\b/);
      expect(await animation(cell, 'hull')).toBe(moving ? 'cl-sink' : 'none');
    }
    // The miss is no longer the latest shot: it stays still.
    expect(await animation(miss, 'mark')).toBe('none');
    bobWs.close();
  });
}
