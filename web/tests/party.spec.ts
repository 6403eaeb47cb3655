// The party game as a player (seat 1) with a bot host (seat 0) and two bot players: Random and
// Clear work, the fleet is placed by clicks, Rotate and a pointer drag that moves a placed ship,
// locked in; then the page follows the host's torpedoes to the end: each called cell appears on
// the player's sea with its number, hits and sinkings show, and the end names the winners.
import type { Page } from '@playwright/test';
import { createRoom, expect, joinRoom, openRoom, roomClient, startRoom, test } from './fixtures';
import { wholeLog } from './logs';

const placing = (p: Page) => p.locator('[data-testid=party-placement]');
const cellOf = (p: Page, grid: string, name: string) => p.locator(`[data-testid=${grid}] [data-cell=${name}]`);

async function centre(p: Page, name: string): Promise<{ x: number; y: number }> {
  const box = (await cellOf(p, 'party-placement', name).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A pointer drag (mouse) from one cell to another through the cells between. */
async function drag(p: Page, from: string, via: string[], to: string): Promise<void> {
  const a = await centre(p, from);
  await p.mouse.move(a.x, a.y);
  await p.mouse.down();
  for (const c of [...via, to]) {
    const b = await centre(p, c);
    await p.mouse.move(b.x, b.y, { steps: 3 });
  }
  await p.mouse.up();
}

test('party: place by pointer as a player, follow the torpedoes to the end', async ({ server, lobby, page }) => {
  const { room, token, seat } = await createRoom(lobby, {
    game: 'party',
    options: { players: 3 },
    seat: 1,
    bots: [{ seat: 0, level: 'easy' }],
  });
  expect(seat).toBe(1);
  await startRoom(server, room, token, true);
  await page.setViewportSize({ width: 360, height: 780 }); // a phone's width
  await openRoom(page, server, room, token, 1);
  await expect(placing(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const lockIn = page.getByRole('button', { name: 'Lock in' });

  // Random fills the sea (Lock in becomes possible), Clear empties it.
  await page.getByRole('button', { name: 'Random' }).click();
  await expect(lockIn).toBeEnabled();
  await expect(placing(page).locator('[aria-label$="water"]')).toHaveCount(36 - 18);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(lockIn).toBeDisabled();
  await expect(placing(page).locator('[aria-label$="water"]')).toHaveCount(36);

  // Taps: each placed ship hands over to the next; "A1 right" runs along row 1.
  await page.getByRole('button', { name: /Aircraft Carrier/ }).click();
  await cellOf(page, 'party-placement', 'A1').click();
  await expect(cellOf(page, 'party-placement', 'E1')).toHaveAttribute('aria-label', 'E1, Aircraft Carrier');
  await expect(cellOf(page, 'party-placement', 'A2')).toHaveAttribute('aria-label', 'A2, water');
  // A placed ship is drawn as it will be at sea: a hull in the edition's colour and symbol (the
  // Rainbow Armada's carrier is red, ▲), from its bow at A1 to its stern at E1.
  await expect(cellOf(page, 'party-placement', 'A1')).toHaveClass(/\bhull-h\b.*\bhull-start\b|\bhull-start\b.*\bhull-h\b/);
  await expect(cellOf(page, 'party-placement', 'E1')).toHaveClass(/\bhull-end\b/);
  await expect(cellOf(page, 'party-placement', 'C1')).toHaveClass(/\bpn-ship-0\b/);
  await expect(cellOf(page, 'party-placement', 'C1')).toHaveText('▲');
  expect(await cellOf(page, 'party-placement', 'C1').evaluate((e) => getComputedStyle(e, '::before').backgroundColor)).toBe('rgb(215, 38, 61)');
  await cellOf(page, 'party-placement', 'A2').click(); // Battleship A2-D2
  await cellOf(page, 'party-placement', 'A3').click(); // Cruiser A3-C3
  await cellOf(page, 'party-placement', 'A4').click(); // Submarine A4-C4
  await expect(page.getByRole('button', { name: /^Destroyer \(2\)/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^Rotate/ }).click(); // the Destroyer goes down
  await cellOf(page, 'party-placement', 'F3').click(); // Destroyer F3-F4
  await expect(cellOf(page, 'party-placement', 'F4')).toHaveAttribute('aria-label', 'F4, Destroyer');
  // The Patrol Boat is dragged in from A6 to C6; then the Submarine is dragged by its middle
  // cell from B4 to B5 (so it lies A5-C5).
  await drag(page, 'A6', ['B6'], 'C6');
  await expect(cellOf(page, 'party-placement', 'C6')).toHaveAttribute('aria-label', 'C6, Patrol Boat');
  await drag(page, 'B4', [], 'B5');
  await expect(cellOf(page, 'party-placement', 'A5')).toHaveAttribute('aria-label', 'A5, Submarine');
  await expect(cellOf(page, 'party-placement', 'A4')).toHaveAttribute('aria-label', 'A4, water');
  // A drop where the ship does not fit changes nothing.
  await drag(page, 'A1', [], 'C1');
  await expect(cellOf(page, 'party-placement', 'A1')).toHaveAttribute('aria-label', 'A1, Aircraft Carrier');
  await expect(page.locator('.pt-note')).toContainText('does not fit');

  await lockIn.click();
  const fleet = page.locator('[data-testid=party-fleet]');
  await expect(fleet).toContainText('at A1 right');
  await expect(fleet).toContainText('at A5 right');
  await expect(fleet).toContainText('at F3 down');
  await expect(fleet).toContainText('at C6 down');

  // The bot host fires all 30 at once: every torpedo of the log is on the sea with its number
  // and this player's result.
  const over = page.getByTestId('game-over');
  await expect(over).toBeVisible({ timeout: 20_000 });
  const lines = await (await wholeLog(page, 'party-log')).locator('li').allTextContents();
  let checked = 0;
  for (const line of lines) {
    const m = /^Torpedo (\d+) of 30: ([A-F][1-6]) — you: (\w+)/.exec(line);
    if (!m) continue;
    const label = new RegExp(`^${m[2]}, torpedo ${m[1]}, ${m[3] === 'miss' ? 'miss' : '(hit|sunk), your'}`);
    await expect(cellOf(page, 'party-board', m[2]!)).toHaveAttribute('aria-label', label);
    ++checked;
  }
  expect(checked).toBe(30);

  // At the end: 30 torpedoes on the sea, hits on this fleet, the scoreboard and the winners.
  await expect(page.locator('[data-testid=party-board] [aria-label*="torpedo 30,"]')).toHaveCount(1);
  expect(await page.locator('[data-testid=party-board] [aria-label*=", hit, your"], [data-testid=party-board] [aria-label*=", sunk, your"]').count()).toBeGreaterThan(0);
  await expect(page.locator('[data-testid=party-standing]')).toContainText('afloat');
  await expect(over).toContainText(/win/);
  await expect(page.getByTestId('party-over')).toContainText('How it was won:');
  await expect(page.locator('[data-testid=party-log]')).not.toContainText('Game over');
  await expect(page.locator('[data-testid=party-log]')).toContainText('Torpedo 1 of 30');
  await expect(page.locator('[data-testid=turn]')).toContainText('Game over');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('party: a person host fires one torpedo at a time; the player page follows each', async ({ server, lobby, page }) => {
  // 36 torpedoes, each followed on the page: 9 s alone, over a minute beside the crowd of
  // party-night.spec on a loaded two-core machine.
  test.setTimeout(150_000);
  const { room, token } = await createRoom(lobby, { game: 'party', options: { players: 2 }, seat: 1 });
  const host = await joinRoom(server, room, 'Host', 0);
  await startRoom(server, room, token, true); // the other player is a bot
  await openRoom(page, server, room, token, 1);
  await page.getByRole('button', { name: 'Random' }).click();
  await page.getByRole('button', { name: 'Lock in' }).click();
  await expect(page.locator('[data-testid=party-fleet] li')).toHaveCount(6);

  const hostClient = await roomClient(server, room, host.token);
  const playerClient = await roomClient(server, room, token);
  const call = page.locator('[data-testid=party-call]');
  // Fixed seating: the host fires once every fleet is in, the bot's too (the server's bot places
  // on its own time).
  await expect.poll(async () => (await hostClient.request({ cmd: 'legal' })).legal?.type).toBe('fire');
  for (let n = 1; n <= 36; ++n) {
    const answer = await hostClient.request({ cmd: 'act', action_id: n, action: { type: 'fire' } });
    expect(answer.type).toBe('acted');
    const shot = answer.events.find((e: any) => e.type === 'torpedo' || e.type === 'super_torpedo');
    if (shot?.type === 'torpedo') {
      // The call, the cell on the sea, and what is left, as each torpedo lands.
      await expect(call).toContainText(`${shot.cell} torpedo ${shot.number} of 30`);
      // Of the 30 regular torpedoes (it once counted the 36 cells: "31 left" after the 5th).
      if (shot.number < 29) await expect(call).toContainText(`${30 - shot.number} torpedoes left`);
      if (shot.number === 29) await expect(call).toContainText('1 torpedo left');
      if (shot.number === 30) await expect(call).not.toContainText('torpedoes left');
      await expect(cellOf(page, 'party-board', shot.cell)).toHaveAttribute('aria-label', new RegExp(`^${shot.cell}, torpedo ${shot.number},`));
      // The host's view has no player's result (protocol 2); the player's own view has it.
      const seen = await playerClient.request({ cmd: 'events', after: shot.n - 1 });
      const mine = seen.events.find((e: any) => e.n === shot.n).you;
      expect(['miss', 'hit', 'sunk']).toContain(mine);
      expect(shot.you).toBeUndefined();
      await expect(call).toContainText(`you: ${mine}`);
    } else if (shot) {
      await expect(call).toContainText(`${shot.cell} super torpedo ${shot.number} of 6`);
      await expect(page.locator('[data-testid=party-log]')).toContainText('super torpedoes for');
    }
    if (answer.over) break;
  }
  hostClient.close();
  await expect(page.getByTestId('game-over')).toContainText(/win/);
  await expect(page.locator('[data-testid=party-score]')).toContainText('afloat');
});
