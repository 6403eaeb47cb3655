// The ends of every game, pixel for pixel (issue 32 item 6; the matrix in docs/web.md). Classic's
// end screen from a real game on this file's server whose every move is fixed (both fleets on
// fixed cells, every shot chosen; nothing random is drawn in classic once `first` is set), seen
// by the winner on the desktop and by the loser on a 360 px phone. The other games from the
// committed records on /replay at their last move, which draws the final state with every fleet
// and hand revealed (a live Royale, dice or party game draws from a random seed). Animations off
// (reducedMotion), fixed viewports and schemes; no pixel may differ. Masked: the room's code.
import { createRoom, expect, joinRoom, openRoom, roomClient, startRoom, test } from './fixtures';
import { blur, desktop, pageShot, phone, replayAt, roomCode, shot } from './screens';

const FLEET = ['B2 right', 'D7 down', 'F1 right', 'H4 right', 'J9 right'];
// Every cell of FLEET, in order: Ann's seventeen shots, each a hit, the last one sinking the last ship.
const HITS = ['B2', 'B3', 'B4', 'B5', 'B6', 'D7', 'E7', 'F7', 'G7', 'F1', 'F2', 'F3', 'H4', 'H5', 'H6', 'J9', 'J10'];
// Bob's sixteen shots, all misses (FLEET is on neither row).
const MISSES = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'A10', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6'];

test.use({ ...desktop, colorScheme: 'light' });

test('classic: the end screen, the winner at 1280 px dark and the loser on a 360 px phone light', async ({ page, browser, server, lobby }) => {
  const { room, token } = await createRoom(lobby, { game: 'classic', options: { first: 0 }, seat: 0 });
  const bob = await joinRoom(server, room, 'Bob');
  await startRoom(server, room, token);
  const ann = await roomClient(server, room, token);
  const bobWs = await roomClient(server, room, bob.token);
  const act = async (who: typeof ann, id: string, action: object) => expect((await who.request({ cmd: 'act', action_id: id, action })).type).toBe('acted');
  await act(ann, 'p', { type: 'place', ships: FLEET });
  await act(bobWs, 'p', { type: 'place', ships: FLEET });
  for (const [i, cell] of HITS.entries()) {
    await act(ann, `f${i}`, { type: 'fire', cells: [cell] });
    if (i < MISSES.length) await act(bobWs, `f${i}`, { type: 'fire', cells: [MISSES[i]] });
  }
  ann.close();
  bobWs.close();

  await page.emulateMedia({ colorScheme: 'dark' });
  await openRoom(page, server, room, token, 0);
  await expect(page.getByTestId('game-over')).toContainText('You win');
  await blur(page);
  await pageShot(page, 'classic-end-1280-dark.png', [roomCode(page)]);

  const context = await browser.newContext({ ...phone, colorScheme: 'light' });
  try {
    const loser = await context.newPage();
    await openRoom(loser, server, room, bob.token, 1);
    await expect(loser.getByTestId('game-over')).toContainText(/You los/);
    await blur(loser);
    await pageShot(loser, 'classic-end-360-light.png', [roomCode(loser)]);
  } finally {
    await context.close();
  }
});

// [title, record, seat, desktop scheme]; the phone takes the other scheme.
const records: Array<[string, string, number, 'light' | 'dark']> = [
  ['classic with weapons', 'weapons', 0, 'light'],
  ['Royale', 'royale', 1, 'light'],
  ['the dice game', 'crew', 0, 'dark'],
  ["the party game (a player's sea)", 'party', 1, 'dark'],
];
for (const [title, name, seat, scheme] of records) {
  const other = scheme === 'light' ? 'dark' : 'light';
  test(`${title}: the end, 1280 px ${scheme}`, async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await replayAt(page, server, name, seat, 'last');
    await shot(page.getByTestId('replay'), `${name}-end-1280-${scheme}.png`);
  });
  test.describe(() => {
    test.use({ ...phone });
    test(`${title}: the end, 360 px ${other}`, async ({ page, server }) => {
      await page.emulateMedia({ colorScheme: other });
      await replayAt(page, server, name, seat, 'last');
      await shot(page.getByTestId('replay'), `${name}-end-360-${other}.png`);
    });
  });
}
