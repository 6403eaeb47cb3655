// Screenshots of every game for the README and docs/web.md, taken from real games against a
// real server: `bash scripts/web-screenshots` (SCREENSHOTS=1). Skipped in the normal test run.
import { test, expect, createRoom, openRoom, roomClient, type Lobby, type Server } from './fixtures';
import type { Page } from '@playwright/test';
import { resolve } from 'node:path';

test.skip(!process.env['SCREENSHOTS'], 'screenshots are taken by scripts/web-screenshots');

const out = (name: string) => resolve(process.cwd(), '../docs/img', `web-${name}.png`);

/** Plays moves for a seat over the protocol: `choose` picks an action from `legal`. */
async function play(server: Server, room: string, token: string, moves: number, choose: (legal: any, i: number) => any) {
  const c = await roomClient(server, room, token);
  for (let i = 0; i < moves; ) {
    const legal = (await c.request({ cmd: 'legal' })).legal;
    if (!legal) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    const answer = await c.request({ cmd: 'act', action_id: `shot-${i}`, action: choose(legal, i) });
    expect(answer.type).toBe('acted');
    if (answer.over) break;
    ++i;
  }
  c.close();
}

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: out(name), fullPage: true });
}

async function room(lobby: Lobby, body: Record<string, unknown>) {
  return createRoom(lobby, { name: 'Ann', seat: 0, ...body });
}

test('classic', async ({ page, server, lobby }) => {
  const r = await room(lobby, { game: 'classic', options: { first: 0 }, bots: [{ seat: 1, level: 'normal' }] });
  const c = await roomClient(server, r.room, r.token);
  await c.request({ cmd: 'start' });
  await c.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: ['B2 right', 'D7 down', 'F1 right', 'H4 right', 'J9 right'] } });
  c.close();
  const cells = ['E5', 'E6', 'E7', 'E4', 'C3', 'G8', 'A10', 'H2', 'B9', 'J1', 'F6', 'D2'];
  await play(server, r.room, r.token, cells.length, (_l, i) => ({ type: 'fire', cells: [cells[i]] }));
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoom(page, server, r.room, r.token, 0);
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await shoot(page, 'classic');
});

test('weapons', async ({ page, server, lobby }) => {
  const r = await room(lobby, { game: 'classic', options: { first: 0, weapons: 'all' }, bots: [{ seat: 1, level: 'easy' }] });
  const c = await roomClient(server, r.room, r.token);
  await c.request({ cmd: 'start' });
  await c.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: ['B2 right', 'D7 down', 'F1 right', 'H4 right', 'J9 right'] } });
  c.close();
  const moves = [{ type: 'nuke', cell: 'E5' }, { type: 'fire', cells: ['A1'] }, { type: 'bomber', cell: 'H8' }];
  await play(server, r.room, r.token, moves.length, (_l, i) => moves[i]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoom(page, server, r.room, r.token, 0);
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await shoot(page, 'weapons');
});

test('royale', async ({ page, server, lobby }) => {
  const r = await room(lobby, {
    game: 'royale',
    options: { players: 4, first: 0 },
    bots: [1, 2, 3].map((seat) => ({ seat, level: 'normal' })),
  });
  const c = await roomClient(server, r.room, r.token);
  await c.request({ cmd: 'start' });
  c.close();
  await play(server, r.room, r.token, 6, (legal) => {
    const discard = legal.actions.find((a: any) => a.type === 'discard');
    if (discard) return { type: 'discard', cards: discard.cards.slice(0, discard.count) };
    if (legal.actions.some((a: any) => a.type === 'fire')) return { type: 'fire', cell: legal.cells[Math.floor(legal.cells.length / 3)] };
    return { type: 'end' };
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoom(page, server, r.room, r.token, 0);
  await shoot(page, 'royale');
});

test('crew', async ({ page, server, lobby }) => {
  const r = await room(lobby, { game: 'crew', options: { players: 3, rounds: 3 }, bots: [{ seat: 1, level: 'normal' }, { seat: 2, level: 'easy' }] });
  const c = await roomClient(server, r.room, r.token);
  await c.request({ cmd: 'start' });
  c.close();
  await play(server, r.room, r.token, 4, (legal) => legal.choices.find((x: any) => x.type === 'stop') ?? { type: 'throw' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoom(page, server, r.room, r.token, 0);
  await shoot(page, 'crew');
});

test('party', async ({ page, server, lobby }) => {
  const r = await createRoom(lobby, {
    game: 'party',
    options: { players: 4 },
    seat: 1,
    bots: [0, 2, 3, 4].map((seat) => ({ seat, level: 'normal' })),
  });
  await page.setViewportSize({ width: 412, height: 915 });
  const c = await roomClient(server, r.room, r.token);
  await c.request({ cmd: 'start' });
  c.close();
  await openRoom(page, server, r.room, r.token, 1);
  await shoot(page, 'party-placing');
});

test('phone', async ({ browser, server, lobby }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const r = await room(lobby, { game: 'salvo', options: { first: 0 }, bots: [{ seat: 1, level: 'normal' }] });
  const c = await roomClient(server, r.room, r.token);
  await c.request({ cmd: 'start' });
  await c.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: ['B2 right', 'D7 down', 'F1 right', 'H4 right', 'J9 right'] } });
  c.close();
  await play(server, r.room, r.token, 2, (legal) => ({ type: 'fire', cells: legal.cells.filter((_: string, i: number) => i % 7 === 3).slice(0, legal.count) }));
  await openRoom(page, server, r.room, r.token, 0);
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await page.waitForTimeout(600);
  await page.screenshot({ path: out('phone') });
  await context.close();
});

test('lobby', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url + '/');
  await expect(page.getByRole('button', { name: 'Play the computer' })).toBeEnabled();
  await page.screenshot({ path: out('lobby') });
});
