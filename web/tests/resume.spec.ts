// Promises around the game rather than in it: a reload resumes exactly, an action the page sent
// but never saw acknowledged is resent with its action id and applied once, the server killed
// mid-game loses nothing and the page carries on, a spectator receives no secret, and nobody
// can act for a seat whose token they do not hold.
import { test, expect, createRoom, joinRoom, startRoom, openRoom, roomClient, type Server, type Lobby } from './fixtures';
import type { Page } from '@playwright/test';

const quick = { rows: 5, cols: 5, fleet: [{ name: 'Submarine', length: 3 }, { name: 'Destroyer', length: 2 }], first: 0 };
const annShips = ['A1 right', 'C1 right'];
const bobShips = ['E3 right', 'B5 down'];

/** A started classic game, both fleets placed over the protocol; Ann (seat 0) fires first. */
async function placedGame(lobby: Lobby, server: Server) {
  const ann = await createRoom(lobby, { game: 'classic', options: quick, seat: 0 });
  const bob = await joinRoom(server, ann.room, 'Bob');
  await startRoom(server, ann.room, ann.token);
  const annWire = await roomClient(server, ann.room, ann.token);
  const bobWire = await roomClient(server, ann.room, bob.token);
  expect((await annWire.request({ cmd: 'act', action_id: 'a0', action: { type: 'place', ships: annShips } })).type).toBe('acted');
  expect((await bobWire.request({ cmd: 'act', action_id: 'b0', action: { type: 'place', ships: bobShips } })).type).toBe('acted');
  annWire.close();
  return { room: ann.room, annToken: ann.token, bobToken: bob.token, bobWire };
}

const target = (page: Page, cell: string) => page.getByTestId('target-grid').locator(`[data-cell="${cell}"]`);

async function eventCount(server: Server, room: string, token: string): Promise<number> {
  const c = await roomClient(server, room, token);
  const answer = await c.request({ cmd: 'events', after: 0 });
  c.close();
  return answer.events.length;
}

test('a reload resumes exactly, and an unacknowledged action is resent once', async ({ page, server, lobby }) => {
  const g = await placedGame(lobby, server);
  await openRoom(page, server, g.room, g.annToken, 0);
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await target(page, 'A1').click();
  await expect(target(page, 'A1')).toHaveAttribute('aria-label', /miss/i);
  expect((await g.bobWire.request({ cmd: 'act', action_id: 'b1', action: { type: 'fire', cells: ['A1'] } })).type).toBe('acted');
  await expect(page.getByTestId('turn')).toContainText('Your turn');

  await page.reload();
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await expect(target(page, 'A1')).toHaveAttribute('aria-label', /miss/i);
  await expect(page.getByTestId('own-grid').locator('[data-cell="A1"]')).toHaveAttribute('aria-label', /hit/i);
  const before = await eventCount(server, g.room, g.annToken);

  // The page "sent" a shot at E3 and died before the answer: it is in localStorage as pending.
  const pending = { action_id: 'lost-ack-1', action: { type: 'fire', cells: ['E3'] } };
  const setPending = (p: typeof pending) =>
    page.evaluate(([room, p]) => {
      const all = JSON.parse(localStorage.getItem('broadside.pending') ?? '{}');
      all[room as string] = p;
      localStorage.setItem('broadside.pending', JSON.stringify(all));
    }, [g.room, p] as const);
  await setPending(pending);
  await page.reload();
  await expect(target(page, 'E3')).toHaveAttribute('aria-label', /hit/i);
  await expect(page.getByTestId('turn')).toContainText(/Waiting for Bob/);
  expect(await eventCount(server, g.room, g.annToken)).toBe(before + 1);

  // The same action id again (say, a second reload before the first answer was stored): the
  // server answers it from its log and nothing is applied twice.
  await setPending(pending);
  await page.reload();
  await expect(target(page, 'E3')).toHaveAttribute('aria-label', /hit/i);
  await expect(page.getByTestId('turn')).toContainText(/Waiting for Bob/);
  expect(await eventCount(server, g.room, g.annToken)).toBe(before + 1);
  expect(await page.evaluate(() => localStorage.getItem('broadside.pending'))).toBe('{}');
  g.bobWire.close();
});

test('the server killed mid-game: the page shows it is offline, comes back and plays on', async ({ page, server, lobby }) => {
  const g = await placedGame(lobby, server);
  g.bobWire.close();
  await openRoom(page, server, g.room, g.annToken, 0);
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await target(page, 'B2').click();
  await expect(target(page, 'B2')).toHaveAttribute('aria-label', /miss/i);
  await server.restart(true);
  // The banner appears while the server is away or the page reconnects at once; either way the
  // page is back with the shot it made.
  await expect(page.getByTestId('offline')).toHaveCount(0, { timeout: 15_000 });
  await expect(target(page, 'B2')).toHaveAttribute('aria-label', /miss/i);
  const bob = await roomClient(server, g.room, g.bobToken);
  expect((await bob.request({ cmd: 'act', action_id: 'b1', action: { type: 'fire', cells: ['E5'] } })).type).toBe('acted');
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await target(page, 'C2').click();
  await expect(target(page, 'C2')).toHaveAttribute('aria-label', /miss/i);
  bob.close();
});

test('an offline banner while the server cannot be reached; play goes on when it is back', async ({ page, server, lobby }) => {
  const g = await placedGame(lobby, server);
  g.bobWire.close();
  await openRoom(page, server, g.room, g.annToken, 0);
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await server.stop(true);
  await expect(page.getByTestId('offline')).toBeVisible();
  await expect(page.getByTestId('offline')).toContainText(/reconnecting/i);
  // The board is disabled offline (docs/web.md): only a move already sent goes again, so the
  // banner does not promise that moves made now are kept.
  await expect(page.getByTestId('offline')).toHaveText('Offline: reconnecting… the move you sent, if any, is sent again.');
  await server.start();
  await expect(page.getByTestId('offline')).toHaveCount(0, { timeout: 20_000 });
  await target(page, 'D4').click();
  await expect(target(page, 'D4')).toHaveAttribute('aria-label', /miss/i);
});

test('a spectator sees the public view and no secret reaches its page', async ({ page, server, lobby }) => {
  const g = await placedGame(lobby, server);
  expect((await g.bobWire.request({ cmd: 'events', after: 0 })).type).toBe('events');
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(server.url + '/r/' + g.room);
  await expect(page.getByTestId('spectating')).toBeVisible();
  await expect(page.getByTestId('side-grid-0')).toBeVisible();
  // Shots happen while the spectator watches.
  const ann = await roomClient(server, g.room, g.annToken);
  expect((await ann.request({ cmd: 'act', action_id: 'a1', action: { type: 'fire', cells: ['E3'] } })).type).toBe('acted');
  expect((await g.bobWire.request({ cmd: 'act', action_id: 'b1', action: { type: 'fire', cells: ['A1'] } })).type).toBe('acted');
  await expect(page.getByTestId('side-grid-0').locator('[data-cell="E3"]')).toHaveAttribute('aria-label', /hit/i);
  await expect(page.getByTestId('side-grid-1').locator('[data-cell="A1"]')).toHaveAttribute('aria-label', /hit/i);
  expect(frames.length).toBeGreaterThan(3);
  for (const f of frames) {
    for (const ship of [...annShips, ...bobShips]) expect(f).not.toContain(ship);
    expect(f).not.toContain('"my_fleet"');
    expect(f).not.toMatch(/"token"/);
  }
  // No ship of either fleet is drawn, only the shots.
  await expect(page.locator('.cell.ship')).toHaveCount(0);
  ann.close();
  g.bobWire.close();
});

test('nobody acts for a seat they do not hold', async ({ page, server, lobby }) => {
  const g = await placedGame(lobby, server);
  await page.goto(server.url + '/r/' + g.room);
  await expect(page.getByTestId('spectating')).toBeVisible();
  // From the spectator's page: a socket without a token, one naming seat 0, and Bob's token
  // acting while it is Ann's turn. Each is refused with a structured error; nothing changes.
  const answers = await page.evaluate(async ([room, bobToken]) => {
    const talk = (token: string | null, messages: object[]) =>
      new Promise<any[]>((ok) => {
        const ws = new WebSocket(`ws://${location.host}/ws/${room}`);
        const got: any[] = [];
        ws.onopen = () => {
          ws.send(JSON.stringify({ cmd: 'hello', protocol: 2, id: 0, ...(token ? { token } : {}) }));
          messages.forEach((m, i) => ws.send(JSON.stringify({ ...m, id: i + 1 })));
        };
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (typeof m.id === 'number' && m.id > 0) got.push(m);
          if (got.length === messages.length) {
            ws.close();
            ok(got);
          }
        };
      });
    const fire = { cmd: 'act', action_id: 'x', action: { type: 'fire', cells: ['E3'] } };
    return [
      ...(await talk(null, [fire, { ...fire, seat: 0 }])),
      ...(await talk(bobToken as string, [fire, { ...fire, action_id: 'y', seat: 0 }])),
      ...(await talk('0123456789abcdef0123456789abcdef', [fire])),
    ];
  }, [g.room, g.bobToken] as const);
  expect(answers.map((a) => a.type)).toEqual(['error', 'error', 'error', 'error', 'error']);
  for (const a of answers) expect(typeof a.error.message).toBe('string');
  expect(answers[2].error.code).toBe('not_your_turn');
  const ann = await roomClient(server, g.room, g.annToken);
  const legal = await ann.request({ cmd: 'legal' });
  expect(legal.legal.cells).toContain('E3');
  ann.close();
  g.bobWire.close();
});
