// The tab's title on every page that is not the lobby's: a party room is named by its edition
// on the phones and the host screen (docs/web.md, "Playing"), and a replay by what it replays,
// never by the page before it (a title is only ever set, so a page that sets none keeps the last
// one: the end screen's "Game over" stayed on the replay).
import { test, expect, createRoom, joinRoom, openRoom, roomClient, startRoom } from './fixtures';

test('a European Navy party: the phone and the host screen are called that in the tab', async ({ page, server, lobby, browser }) => {
  const host = await createRoom(lobby, { game: 'party', options: { seating: 'open', players: 0, edition: 'european' }, seat: 0, name: 'Host' });
  await startRoom(server, host.room, host.token);
  await page.goto(`${server.url}/r/${host.room}`);
  await expect(page.getByTestId('phone-join')).toBeVisible();
  await expect(page).toHaveTitle(`European Navy (party) ${host.room} · Broadside`);

  const hostContext = await browser.newContext();
  const hostPage = await hostContext.newPage();
  await openRoom(hostPage, server, host.room, host.token, 0);
  await expect(hostPage.getByTestId('host-screen')).toBeVisible();
  await expect(hostPage).toHaveTitle(`European Navy (party) ${host.room} · host screen · Broadside`);
  await hostContext.close();
});

test('a replay names the game it replays; /replay without a game says so', async ({ page, server, lobby }) => {
  const r = await createRoom(lobby, { game: 'classic', bots: [{ seat: 1, level: 'easy' }] });
  await startRoom(server, r.room, r.token);
  const seat = await roomClient(server, r.room, r.token);
  expect((await seat.request({ cmd: 'resign' })).type).toBe('resigned');
  seat.close();
  await openRoom(page, server, r.room, r.token, 0);
  await expect(page).toHaveTitle(`Game over · Battleship ${r.room} · Broadside`);
  await page.getByTestId('open-replay').click();
  await expect(page.getByTestId('replay')).toBeVisible();
  await expect(page).toHaveTitle(`Replay · Battleship ${r.room} · Broadside`);
  await page.goto(server.url + '/replay');
  await expect(page).toHaveTitle('Replay a game · Broadside');
});

test('the tab shows "● Your turn" while it is yours and only then', async ({ page, server, lobby }) => {
  const options = { rows: 5, cols: 5, fleet: [{ name: 'Destroyer', length: 2 }], first: 1 };
  const r = await createRoom(lobby, { game: 'classic', options, seat: 0 });
  await joinRoom(server, r.room, 'Bob', 1);
  await startRoom(server, r.room, r.token);
  await openRoom(page, server, r.room, r.token, 0);
  // Both place their fleets: Ann's turn too.
  await expect(page).toHaveTitle(`● Your turn · Battleship ${r.room} · Broadside`);
  await page.getByRole('button', { name: 'Random' }).click();
  await page.getByRole('button', { name: 'Place fleet' }).click();
  // Bob has still to place, and then fires first.
  await expect(page.getByTestId('turn')).toHaveText('Waiting for Bob');
  await expect(page).toHaveTitle(`Battleship ${r.room} · Broadside`);
});

test('a person named after a bot: the page adds the seat to both names', async ({ page, server, lobby }) => {
  const options = { rows: 5, cols: 5, fleet: [{ name: 'Destroyer', length: 2 }], first: 1 };
  const r = await createRoom(lobby, { game: 'classic', options, seat: 0, name: 'hunt bot 2', bots: [{ seat: 1, level: 'easy' }] });
  await startRoom(server, r.room, r.token);
  await openRoom(page, server, r.room, r.token, 0);
  await page.getByRole('button', { name: 'Random' }).click();
  await page.getByRole('button', { name: 'Place fleet' }).click();
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  const seat = await roomClient(server, r.room, r.token);
  expect((await seat.request({ cmd: 'resign' })).type).toBe('resigned');
  seat.close();
  await expect(page.getByTestId('game-over')).toContainText('You lose: hunt bot 2 (Seat 2) wins (hunt bot 2 (Seat 1) resigned).');
});
