// docs/web.md, "Replays": at the last step every fleet and hand the record holds is drawn, a game
// that ended by a resignation included, a note says how it ended in words, and bots are named as
// the server named them live (the party's "host bot" and players numbered after it).
import { createRoom, expect, roomClient, startRoom, test } from './fixtures';

test('a resigned Royale game replays to every hand, and the note says who resigned', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'royale',
    options: { players: 2, first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  const ann = await roomClient(server, room, token);
  // Two players: the resignation ends the game (no bot plays the seat on).
  expect((await ann.request({ cmd: 'resign' })).type).toBe('resigned');
  ann.close();

  await page.goto(`${server.url}/replay/${room}`);
  await expect(page.getByTestId('replay-step')).toContainText('Before the first move');
  // The bot may not have discarded before Ann resigned: with no move at all, the start is the
  // last step and "Last move" stays disabled.
  const last = page.getByRole('button', { name: 'Last move' });
  if (await last.isEnabled()) await last.click();
  await expect(page.getByTestId('replay-end')).toHaveText('Ann resigned. Every fleet and hand the record reveals is shown.');
  await expect(page.locator('[data-testid=royale-reveal] li')).toHaveCount(2);
  // The bot is named as it was live (docs/server.md: after its bot and seat).
  await expect(page.getByTestId('replay-seat').locator('option')).toHaveText(['Everyone (the public view)', 'Ann', /^\S+ bot 2$/]);
});

test('a party replay names its bots as the server did: the host bot, then players by seat', async ({ server, lobby, page }) => {
  const { room, token, seat } = await createRoom(lobby, {
    game: 'party',
    options: { players: 2 },
    seat: 1,
    bots: [{ seat: 0, level: 'easy' }, { seat: 2, level: 'easy' }],
  });
  await startRoom(server, room, token);
  const ann = await roomClient(server, room, token);
  const ships = ['A1 right', 'A2 right', 'A3 right', 'A4 right', 'A5 right', 'A6 right'];
  expect((await ann.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships } })).type).toBe('acted');
  // The bot host fires all 30 at once.
  await expect.poll(async () => (await ann.request({ cmd: 'observe' })).over, { timeout: 20_000 }).toBe(true);
  ann.close();
  expect(seat).toBe(1);

  await page.goto(`${server.url}/replay/${room}`);
  // The bot may not have discarded before Ann resigned: with no move at all, the start is the
  // last step and "Last move" stays disabled.
  const last = page.getByRole('button', { name: 'Last move' });
  if (await last.isEnabled()) await last.click();
  const names = page.getByTestId('replay-seat').locator('option');
  // Live the server names seat 2 "random bot 2" (server/bot_seat.cpp), not "random bot 3".
  await expect(names).toHaveText(['Everyone (the public view)', 'host bot', 'Ann', /^\S+ bot 2$/]);
  await expect(page.getByTestId('replay-end')).toHaveText('Each player’s fleet is shown when seen by that player.');
});
