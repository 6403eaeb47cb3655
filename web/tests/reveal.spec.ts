// Every fleet is revealed at every end (docs/server.md, "Records"): after a resignation both
// players' pages draw the other's unhit ships, and say so only when it is true; after an abort
// with a bot's fleet placed, the bot's fleet is drawn and the page says whose fleet is shown.
import type { Page } from '@playwright/test';
import { createRoom, expect, joinRoom, openRoom, roomClient, startRoom, test } from './fixtures';

const fleet = [
  { name: 'Destroyer', length: 2 },
  { name: 'Patrol', length: 1 },
];
const options = { rows: 5, cols: 5, fleet, first: 0 };

const target = (p: Page) => p.locator('[data-testid=target-grid]');

/** The cells of the target ocean drawn as revealed ships, by name. */
async function revealedCells(p: Page): Promise<string[]> {
  const cells = target(p).locator('[aria-label*="revealed"]');
  const names: string[] = [];
  for (let i = 0; i < (await cells.count()); ++i) names.push((await cells.nth(i).getAttribute('data-cell')) ?? '');
  return names.sort();
}

test('after a resignation both pages show the other fleet, every unhit ship of it', async ({ server, lobby, browser }) => {
  const { room, token } = await createRoom(lobby, { game: 'classic', options, seat: 0 });
  const bob = await joinRoom(server, room, 'Bob');
  await startRoom(server, room, token);
  const annWs = await roomClient(server, room, token);
  const bobWs = await roomClient(server, room, bob.token);
  expect((await annWs.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: ['E1 right', 'C5 right'] } })).type).toBe('acted');
  expect((await bobWs.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: ['A1 right', 'C3 right'] } })).type).toBe('acted');
  // Ann hits one cell of Bob's Destroyer; then Bob resigns with the rest of his fleet unhit.
  expect((await annWs.request({ cmd: 'act', action_id: 'f', action: { type: 'fire', cell: 'A1' } })).type).toBe('acted');
  expect((await bobWs.request({ cmd: 'resign' })).type).toBe('resigned');
  annWs.close();
  bobWs.close();

  const ann = await (await browser.newContext()).newPage();
  const bobPage = await (await browser.newContext()).newPage();
  await openRoom(ann, server, room, token, 0);
  await openRoom(bobPage, server, room, bob.token, bob.seat);
  await expect(ann.locator('[data-testid=game-over]')).toContainText('Bob resigned');
  for (const p of [ann, bobPage]) await expect(p.locator('.cl-status')).toContainText('Both fleets are revealed.');
  // Ann sees Bob's unhit cells (A2 of the Destroyer she hit at A1, and the Patrol at C3);
  // Bob sees all of Ann's fleet, which he never hit.
  await expect.poll(() => revealedCells(ann)).toEqual(['A2', 'C3']);
  await expect(target(ann).locator('[data-cell=A1]')).toHaveAttribute('aria-label', /hit/);
  await expect.poll(() => revealedCells(bobPage)).toEqual(['C5', 'E1', 'E2']);
});

test('after an abort the bot fleet is drawn and the page does not claim two fleets', async ({ server, lobby, browser }) => {
  const { room, token } = await createRoom(lobby, { game: 'classic', options, seat: 0, bots: [{ seat: 1, level: 'easy' }] });
  await startRoom(server, room, token);
  const annWs = await roomClient(server, room, token);
  // The bot places at once; Ann has not moved, so she may call the game off.
  await expect.poll(async () => (await annWs.request({ cmd: 'observe' })).to_act).toEqual([0]);
  expect((await annWs.request({ cmd: 'abort' })).type).toBe('aborted');
  annWs.close();

  const ann = await (await browser.newContext()).newPage();
  await openRoom(ann, server, room, token, 0);
  await expect(ann.locator('[data-testid=game-over]')).toContainText('called off');
  await expect(ann.locator('.cl-status')).toContainText('fleet is revealed.');
  await expect(ann.locator('.cl-status')).not.toContainText('Both fleets');
  await expect.poll(async () => (await revealedCells(ann)).length).toBe(3);
});
