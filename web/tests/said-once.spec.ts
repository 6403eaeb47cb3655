// Issue 28, items 10 and 14, on every game's page: the end says who won once (the room's end
// panel, or the party phone's end card), beside at most the turn bar's short "Game over"; no
// line repeats another (Royale's die line and status); no log or scroll box cuts a line (the logs
// show their latest lines whole, and all on request); every bot seat has its own short name, so
// the end names the winner distinctly; a party room is named by its edition. The games are
// played to their end over the protocol (small boards, bots), so each test takes a few seconds.
import type { Page } from '@playwright/test';
import { createRoom, expect, joinRoom, openRoom, roomClient, startRoom, test, type Lobby } from './fixtures';

/** The page's visible text (the screen readers' live regions left out), line by line. */
async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const hidden = [...document.querySelectorAll<HTMLElement>('.visually-hidden')];
    const was = hidden.map((e) => e.style.display);
    hidden.forEach((e) => (e.style.display = 'none'));
    const out = document.querySelector('main')!.innerText;
    hidden.forEach((e, i) => (e.style.display = was[i]!));
    return out;
  });
  return text.split('\n').map((l) => l.trim()).filter(Boolean);
}

/** The end is said once: one line says who won, and "Game over" at most once (the turn bar). */
async function expectEndSaidOnce(page: Page, where: string): Promise<string> {
  const lines = await visibleLines(page);
  const verdicts = lines.filter((l) => /\b(wins?|lose|share the win)\b/i.test(l));
  expect(verdicts, `${where}: the lines that say who won`).toHaveLength(1);
  expect(lines.filter((l) => /game over/i.test(l)).length, `${where}: "Game over" lines`).toBeLessThanOrEqual(1);
  return verdicts[0]!;
}

/** No box on the page scrolls its content out of sight vertically (it would cut a line). */
async function expectNoCutBox(page: Page, where: string): Promise<void> {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *')]
      .filter((e) => {
        const y = getComputedStyle(e).overflowY;
        return (y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 1 && e.clientHeight > 2;
      })
      .map((e) => `${e.tagName.toLowerCase()}[data-testid=${e.dataset['testid'] ?? ''}] shows ${e.clientHeight} of ${e.scrollHeight}px`),
  );
  expect(cut, `${where}: boxes that cut their content`).toEqual([]);
}

/**
 * Plays one seat to the end of the game over the protocol: `choose` turns `legal` into an action.
 * Requests are spaced 60 ms apart: the server answers more than 20 messages a second on one
 * connection with `rate_limited` (docs/server.md).
 */
async function playOut(wire: Lobby, choose: (legal: any) => any): Promise<void> {
  let last = 0;
  const send = async (body: Record<string, unknown>) => {
    const wait = last + 60 - Date.now();
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
    last = Date.now();
    return wire.request(body);
  };
  for (let i = 1; i < 1000; ++i) {
    const seen = await send({ cmd: 'observe' });
    if (seen.over) return;
    if (!seen.legal) continue; // the bots' turn
    const answer = await send({ cmd: 'act', action_id: i, action: choose(seen.legal) });
    if (answer.type !== 'acted') throw new Error('refused: ' + JSON.stringify(answer));
    if (answer.over) return;
  }
  throw new Error('the game did not end');
}

const fireFirst = (legal: any) =>
  legal.type === 'place'
    ? { type: 'place', ships: legal.ships.map((_: unknown, i: number) => `${String.fromCharCode(65 + 2 * i)}1 right`) }
    : { type: legal.type === 'blast' ? 'blast' : 'fire', cells: legal.cells.slice(0, legal.count) };

test('royale: every bot has its own name, the roll is said once, the log cuts no line, the end names the winner once', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'royale',
    options: { players: 4, first: 1 },
    seat: 0,
    bots: [1, 2, 3].map((seat) => ({ seat, level: 'normal' })),
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  const hand = page.locator('[data-testid=royale-hand]');
  await hand.locator('button:enabled').nth(0).click();
  await hand.locator('button:enabled').nth(1).click();
  await page.getByRole('button', { name: 'Discard 2 of 2 cards' }).click();

  // Three bots of one level: three names, none with a seat number in brackets.
  const seats = page.locator('[data-testid=royale-seats] .ry-seat-name');
  await expect(seats).toHaveCount(4);
  const names = (await seats.allTextContents()).map((n) => n.replace(/^▶ /, '').replace(/ \(you\)$/, ''));
  expect(new Set(names).size, names.join(' | ')).toBe(4);
  for (const n of names.slice(1)) expect(n).toMatch(/^royale-eager bot \d$/);

  // On this seat's turn the roll is the die line's, the shots left the status line's.
  await expect(page.getByTestId('royale-die')).toContainText('You rolled', { timeout: 20_000 });
  const top = [
    await page.getByTestId('turn').innerText(),
    await page.getByTestId('royale-status').innerText(),
    await page.getByTestId('royale-die').innerText(),
  ];
  expect(top.filter((l) => /shots? left/.test(l)), top.join(' | ')).toHaveLength(1);
  expect(top.filter((l) => /rolled/.test(l)), top.join(' | ')).toHaveLength(1);
  expect(top.filter((l) => /your turn/i.test(l)), top.join(' | ')).toHaveLength(1);
  await expectNoCutBox(page, 'royale in play');

  // Ann resigns; the bots play on to the end.
  const wire = await roomClient(server, room, token);
  expect((await wire.request({ cmd: 'resign' })).type).toBe('resigned');
  wire.close();
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('royale-reveal')).toBeVisible();
  const verdict = await expectEndSaidOnce(page, 'royale at the end');
  // Ann's seat is a bot's now (it played on for her): if it won, it is not "You win!".
  const end = (await seats.allTextContents()).map((n) => n.replace(/ \(you\)$/, ''));
  expect(new Set(end).size, end.join(' | ')).toBe(4);
  const winner = /^(?:You lose: )?(royale-eager bot \d)(?: \(in your seat\))? wins\.$/.exec(verdict)?.[1];
  expect(end, verdict).toContain(winner);
  if (winner === end[0]) expect(verdict).toContain('(in your seat)');
  await expectNoCutBox(page, 'royale at the end');
  // The log shows its latest lines whole, and every line on request: back to the first event,
  // the deal, however long the game was (a whole game of four has well over 60 lines).
  const log = page.getByTestId('royale-log');
  const shown = await log.locator('li').count();
  await page.getByRole('button', { name: /^Show \d+ earlier lines?$/ }).click();
  const all = await log.locator('li').allTextContents();
  expect(all.length).toBeGreaterThan(Math.max(shown, 60));
  expect(all[all.length - 1]).toMatch(/^(You were|royale-eager bot \d was) dealt /);
  await expectNoCutBox(page, 'royale, the whole log');
});

const small = { rows: 5, cols: 5, fleet: [{ name: 'Submarine', length: 3 }, { name: 'Destroyer', length: 2 }], first: 0 };
const twoSeatGames = [
  { name: 'classic', game: 'classic', options: small },
  { name: 'salvo with weapons', game: 'salvo', options: { first: 0, weapons: 'all' } },
];
for (const g of twoSeatGames) {
  test(`${g.name}: the end is said once and the log cuts no line`, async ({ server, lobby, page }) => {
    const { room, token } = await createRoom(lobby, { game: g.game, options: g.options, seat: 0, bots: [{ seat: 1, level: 'easy' }] });
    await startRoom(server, room, token);
    await openRoom(page, server, room, token, 0);
    const wire = await roomClient(server, room, token);
    await playOut(wire, fireFirst);
    wire.close();
    await expect(page.getByTestId('game-over')).toBeVisible();
    await expect(page.locator('.cl-status')).toContainText('revealed');
    await expect(page.getByTestId('game-over')).toContainText(/You win!|You lose: hunt bot 2 wins\./);
    await expectEndSaidOnce(page, g.name);
    await expectNoCutBox(page, g.name);
  });
}

test('crew: the end is said once and the log cuts no line', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, { game: 'crew', options: { players: 3, rounds: 1 }, seat: 0, bots: [{ seat: 1, level: 'easy' }, { seat: 2, level: 'easy' }] });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  // Two bots of one level, two names.
  await expect(page.getByTestId('crew-tally')).toContainText('cautious bot 2');
  await expect(page.getByTestId('crew-tally')).toContainText('cautious bot 3');
  // The status line above the dice says the throws left, not whose turn it is: the turn bar does.
  await expect(page.getByTestId('crew-status')).toContainText(/throws? left/);
  expect(await page.getByTestId('turn').innerText()).toMatch(/Your turn|Waiting for/);
  expect(await page.getByTestId('crew-status').innerText()).not.toMatch(/turn/i);
  const wire = await roomClient(server, room, token);
  await playOut(wire, (legal) => legal.choices.find((c: any) => c.type === 'stop') ?? legal.choices[0]);
  wire.close();
  await expect(page.getByTestId('game-over')).toBeVisible();
  await expectEndSaidOnce(page, 'crew');
  await expectNoCutBox(page, 'crew');
});

test('party room: named by its edition, the end is said once, the log cuts no line', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'party',
    options: { players: 3, edition: 'european' },
    seat: 1,
    bots: [0, 2, 3].map((seat) => ({ seat, level: 'easy' })),
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 1);
  // README: "Rainbow Armada / European Navy": a European Navy room is not "Rainbow Armada".
  await expect(page.locator('h1')).toContainText('European Navy');
  await expect(page.locator('h1')).not.toContainText('Rainbow');
  await expect(page).toHaveTitle(/European Navy/);
  const wire = await roomClient(server, room, token);
  await playOut(wire, () => ({ type: 'place', ships: ['A1 right', 'A2 right', 'A3 right', 'A4 right', 'A5 right', 'A6 right'] }));
  wire.close();
  await expect(page.getByTestId('game-over')).toBeVisible();
  // The two bot players and the host have names of their own.
  await expect(page.getByTestId('party-score')).toContainText('random bot 2');
  await expect(page.getByTestId('party-score')).toContainText('random bot 3');
  await expectEndSaidOnce(page, 'party');
  await expectNoCutBox(page, 'party');
  // The lobby's recent games name it by its edition too (from its record's options).
  await page.goto(server.url + '/');
  const recent = page.getByTestId('recent-games').locator(`li[data-room="${room}"]`);
  await expect(recent).toContainText('European Navy (party)');
  await expect(recent).not.toContainText('Rainbow');
});

test('party phone: the winner reads the win once', async ({ server, lobby, page }) => {
  const host = await createRoom(lobby, { game: 'party', options: { seating: 'open', players: 0 }, seat: 0, name: 'Host' });
  await startRoom(server, host.room, host.token);
  const pat = await joinRoom(server, host.room, 'Pat');
  const patWire = await roomClient(server, host.room, pat.token);
  const placed = await patWire.request({ cmd: 'act', action_id: 1, action: { type: 'place', ships: ['A1 right', 'A2 right', 'A3 right', 'A4 right', 'A5 right', 'A6 right'] } });
  expect(placed.type, JSON.stringify(placed)).toBe('acted');
  patWire.close();
  await openRoom(page, server, host.room, pat.token, pat.seat);
  await expect(page.getByTestId('phone-you')).toContainText('Pat');
  // The host fires to the end (60 ms apart: at most 20 messages a second on a connection).
  const hostWire = await roomClient(server, host.room, host.token);
  for (let n = 1; n <= 36; ++n) {
    const answer = await hostWire.request({ cmd: 'act', action_id: n, action: { type: 'fire' } });
    expect(answer.type, JSON.stringify(answer)).toBe('acted');
    if (answer.over) break;
    await new Promise((ok) => setTimeout(ok, 60));
  }
  hostWire.close();
  // The only player wins: the end card says so once, and the log does not say it again.
  await expect(page.getByTestId('phone-end')).toContainText('You win!');
  await expectEndSaidOnce(page, 'party phone');
  await expectNoCutBox(page, 'party phone');
});
