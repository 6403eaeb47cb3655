// The browser leak scan from a player's seat (issue 29; helpers and the rule in leak_scan.ts):
// every frame the page received, its DOM and its storage, at several points of the game, must
// not single out the other seats' secret cells. The truth comes from the test's own side: the
// opponent is a raw WebSocket client placed with a known fleet (classic), or the record read
// after the end (Royale's hands, the party's fleets). A negative control plants a secret in
// storage, in a cell's title and in a frame, and the scanner must report each.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
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
  const secret: Secret = { cells: boardCells(5, 5), shot: new Set(), own: fleetCells(annShips, lengths), ownPlacements: annShips, fleets: new Map([[1, bobFleet]]) };
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

/** The cells a JSON value names (every "A1"-like string in it). */
function cellsIn(value: unknown): Set<string> {
  return new Set([...JSON.stringify(value ?? null).matchAll(/"([A-Z]\d{1,2})"/g)].map((m) => m[1]!));
}

test('royale from a player seat: no other hand in frames, DOM or storage, card by card', async ({ page, server, lobby }) => {
  test.setTimeout(60_000);
  const r = await createRoom(lobby, {
    game: 'royale',
    options: { players: 3, first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }, { seat: 2, level: 'easy' }],
  });
  const frames = captureFrames(page);
  await openRoom(page, server, r.room, r.token, 0);
  await startRoom(server, r.room, r.token);
  // A connection may send 60 messages at once, then 20 a second (docs/server.md, "Abuse"): the
  // driver below asks more often than that, so it takes a fresh connection before the burst is
  // spent rather than wait (an answer over the limit carries no id and would never come back).
  let socket = await roomClient(server, r.room, r.token);
  let sent = 0;
  const wire = {
    async request(body: Record<string, unknown>): Promise<any> {
      if (++sent % 50 === 0) {
        socket.close();
        socket = await roomClient(server, r.room, r.token);
      }
      return socket.request(body);
    },
    close: () => socket.close(),
  };
  // Seat 0 is played over the page's own token (the page follows it as that seat); a snapshot is
  // taken after the discards and after every few of its actions, each with the shots public by
  // then (asked after the snapshot, so the page cannot know a shot the scan does not).
  const snaps: Array<{ snap: Awaited<ReturnType<typeof snapshot>>; shot: Set<string>; own: Set<string> }> = [];
  const take = async (where: string) => {
    const snap = await snapshot(page, frames, where);
    const o = await wire.request({ cmd: 'observe' });
    if (o.over) return;
    snaps.push({ snap, shot: cellsIn(o.observation.board.shots), own: cellsIn(o.observation.my_cards) });
  };
  let n = 0;
  for (let step = 0; step < 2000; ++step) {
    const o = await wire.request({ cmd: 'observe' });
    if (o.over) break;
    const actions: any[] = o.legal?.actions ?? [];
    const shot = cellsIn(o.observation.board.shots);
    const free = boardCells(10, 10).filter((c) => !shot.has(c));
    const pick = (t: string) => actions.find((a) => a.type === t);
    let action: Record<string, unknown> | null = null;
    if (pick('discard')) action = { type: 'discard', cards: pick('discard').cards.slice(0, 2) };
    else if (pick('roll')) action = { type: 'roll' };
    else if (pick('fire')) action = { type: 'fire', cells: free.slice(0, pick('fire').count ?? 1) };
    else if (pick('end')) action = { type: 'end' };
    if (!action) {
      // The bots' turns: wait until seat 0 may act again or the game is over (no fixed sleep).
      await expect
        .poll(async () => {
          const p = await wire.request({ cmd: 'observe' });
          return p.over || (p.legal?.actions ?? []).length > 0;
        }, { timeout: 20_000 })
        .toBe(true);
      continue;
    }
    const answer = await wire.request({ cmd: 'act', action_id: `r${++n}`, action });
    expect(answer.type, JSON.stringify(answer)).toBe('acted');
    if (action.type === 'discard') {
      await expect(page.locator('.ry-discards')).toBeVisible();
      await take('after the discards');
    } else if (n % 6 === 0) await take(`after action ${n}`);
  }
  await expect(page.getByTestId('royale-over')).toBeVisible();
  // The truth, once over: every hand as dealt (kept and discarded), from the record.
  const record = (await wire.request({ cmd: 'record' })).record;
  wire.close();
  const dealt = new Map<number, Set<string>>();
  for (const e of record.events as any[]) if (e.type === 'dealt') dealt.set(e.seat, new Set(e.cards as string[]));
  const cards = JSON.parse(readFileSync(new URL('../../data/decks/royale-standard.json', import.meta.url), 'utf8')).cards as Array<{ id: string; cells: string[] }>;
  const cellsOf = new Map(cards.map((c) => [c.id, c.cells]));
  expect(dealt.size).toBe(3);
  expect(snaps.length).toBeGreaterThan(2);
  for (const { snap, shot, own } of snaps) {
    const fleets = new Map<number, Set<string>>();
    for (const seat of [1, 2]) fleets.set(seat, new Set([...dealt.get(seat)!].flatMap((id) => cellsOf.get(id)!)));
    // Card ids stand for their cells (the deck is public): a held card's id is its content.
    const ids = [1, 2].flatMap((seat) => [...dealt.get(seat)!].filter((id) => cellsOf.get(id)!.some((c) => !shot.has(c))));
    const secret: Secret = { cells: boardCells(10, 10), shot, own, fleets };
    expect(findLeaks(snap, secret)).toEqual([]);
    const named = [...snap.frames, ...snap.storage, ...snap.domTexts].filter((t) => ids.some((id) => new RegExp(`\\b${id}\\b`).test(t)));
    expect(named.map((t) => t.slice(0, 120))).toEqual([]);
  }
  // The negative control: another seat's card, planted by its cells in a frame of the first
  // snapshot (after the discards, before any shot, so every card is still secret), is found.
  const { snap, shot, own } = snaps[0]!;
  const seat1 = new Set([...dealt.get(1)!].flatMap((id) => cellsOf.get(id)!));
  const card = [...dealt.get(1)!].map((id) => cellsOf.get(id)!).find((cells) => cells.some((c) => !shot.has(c)))!;
  const fleets = new Map([[1, seat1]]);
  expect(findLeaks({ ...snap, frames: [JSON.stringify({ type: 'observation', cards: [{ cells: card }] })] }, { cells: boardCells(10, 10), shot, own, fleets })).not.toEqual([]);
});

test('party from a player seat: no fleet but its own until the end', async ({ page, server, lobby }) => {
  test.setTimeout(60_000);
  // A person hosts over the wire (seat 0), the page plays seat 1, a bot seat 2; the host fires
  // one torpedo at a time, so the page is scanned after the placement and after every third
  // torpedo, up to the last before the end (or the first super torpedo of a tiebreak).
  const host = await createRoom(lobby, { game: 'party', options: { players: 2 }, seat: 0 });
  const me = await joinRoom(server, host.room, 'Ann');
  expect(me.seat).toBe(1);
  await startRoom(server, host.room, host.token, true);
  const mine = ['A1 right', 'A2 right', 'A3 right', 'A4 right', 'A5 right', 'A6 right'];
  const lengths = [5, 4, 3, 3, 2, 1];
  const frames = captureFrames(page);
  await openRoom(page, server, host.room, me.token, me.seat);
  const myWire = await roomClient(server, host.room, me.token);
  expect((await myWire.request({ cmd: 'act', action_id: 'p0', action: { type: 'place', ships: mine } })).type).toBe('acted');
  myWire.close();
  await expect(page.getByTestId('party-board')).toBeVisible();
  const wire = await roomClient(server, host.room, host.token);
  const snaps: Array<{ snap: Awaited<ReturnType<typeof snapshot>>; shot: Set<string> }> = [];
  const take = async (where: string) => {
    const snap = await snapshot(page, frames, where);
    const o = await wire.request({ cmd: 'observe' });
    if (!o.over && o.observation.super_torpedoes.length === 0) snaps.push({ snap, shot: cellsIn(o.observation.torpedoes) });
  };
  await take('after placement');
  for (let t = 1; t <= 40; ++t) {
    const answer = await wire.request({ cmd: 'act', action_id: `h${t}`, action: { type: 'fire' } });
    expect(answer.type, JSON.stringify(answer)).toBe('acted');
    if (answer.over) break;
    if (t % 3 === 0 && t <= 30) {
      await expect(page.locator(`[data-testid=party-board] [aria-label*="torpedo ${t},"]`)).toHaveCount(1);
      await take(`after torpedo ${t}`);
    }
  }
  await expect(page.getByTestId('game-over')).toBeVisible();
  const record = (await wire.request({ cmd: 'record' })).record;
  wire.close();
  const bot = (record.actions as any[]).find((a) => a.seat === 2 && a.action.type === 'place').action.ships as string[];
  const botFleet = fleetCells(bot, lengths, 'letter');
  expect(snaps.length).toBeGreaterThan(5);
  for (const { snap, shot } of snaps) {
    const secret: Secret = { cells: boardCells(6, 6), shot, own: fleetCells(mine, lengths, 'letter'), ownPlacements: mine, fleets: new Map([[2, botFleet]]), right: 'letter' };
    expect(findLeaks(snap, secret, lengths)).toEqual([]);
  }
  // The negative control: the bot's placements, planted in storage after the placement (when
  // its whole fleet is still secret), are found.
  const { snap, shot } = snaps[0]!;
  const secret: Secret = { cells: boardCells(6, 6), shot, own: fleetCells(mine, lengths, 'letter'), ownPlacements: mine, fleets: new Map([[2, botFleet]]), right: 'letter' };
  expect(findLeaks({ ...snap, storage: [JSON.stringify({ fleet: bot })] }, secret, lengths)).not.toEqual([]);
});
