// "Your unfinished games" in the lobby (docs/web.md): the rooms this browser holds a seat token
// of that are not over, from the server's `my_rooms`, with Rejoin, Abort (before anyone's
// first move) and Resign (once a move was made); a room someone else holds is never shown.
import { test, expect, createRoom, expectAxeClean, openRoom, roomClient, startRoom } from './fixtures';

test('the lobby lists your unfinished games; Rejoin, Abort and Resign end them', async ({ page, server, lobby }) => {
  // A room made in this browser from the lobby's form, waiting for a friend.
  await page.goto(server.url + '/');
  await page.locator('[data-testid=custom-room] > summary').click();
  await page.getByRole('radio', { name: /^Salvo/ }).check();
  await page.getByLabel('Seat 2').selectOption('open');
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}$/);
  const waiting = (await page.getByTestId('room-code').textContent())!.trim();

  // A game against a bot in which this browser's player has placed its fleet: no abort now.
  const playing = await createRoom(lobby, { game: 'classic', bots: [{ seat: 1, level: 'easy' }] });
  await startRoom(server, playing.room, playing.token);
  const seat = await roomClient(server, playing.room, playing.token);
  const placed = await seat.request({
    cmd: 'act', action_id: 'p1',
    action: { type: 'place', ships: ['A1 right', 'C1 right', 'E1 right', 'G1 right', 'I1 right'] },
  });
  expect(placed.type).toBe('acted');
  seat.close();
  await openRoom(page, server, playing.room, playing.token, 0);
  // Someone else's room, waiting: never in this browser's list.
  const theirs = await createRoom(lobby, { game: 'classic', name: 'Mallory' });

  await page.goto(server.url + '/');
  const mine = page.getByTestId('my-rooms');
  await expect(mine.getByRole('heading', { name: 'Your unfinished games' })).toBeVisible();
  await expect(mine.locator(`li[data-room="${waiting}"]`)).toContainText('Salvo');
  await expect(mine.locator(`li[data-room="${waiting}"]`)).toContainText('waiting to start');
  await expect(mine.locator(`li[data-room="${playing.room}"]`)).toContainText('in play');
  await expect(mine.locator('li')).toHaveCount(2);
  await expect(mine).not.toContainText(theirs.room);
  await expect(mine.getByRole('button', { name: `Abort ${playing.room}` })).toHaveCount(0);
  await expectAxeClean(page, 'lobby with your unfinished games');

  await mine.getByRole('link', { name: `Rejoin ${waiting}` }).click();
  await expect(page).toHaveURL(new RegExp(`/r/${waiting}$`));
  await page.goto(server.url + '/');

  await mine.getByRole('button', { name: `Abort ${waiting}` }).click();
  await expect(page.getByTestId('my-rooms-status')).toHaveText(`Room ${waiting} is aborted.`);
  await expect(mine.locator('li')).toHaveCount(1);
  const watcher = await roomClient(server, waiting);
  const summary = await watcher.request({ cmd: 'room' });
  expect(summary.phase).toBe('aborted');
  watcher.close();

  page.once('dialog', (d) => void d.accept());
  await mine.getByRole('button', { name: `Resign ${playing.room}` }).click();
  await expect(page.getByTestId('my-rooms-status')).toHaveText(`You resigned in room ${playing.room}.`);
  await expect(page.getByTestId('my-rooms')).toHaveCount(0);

  // The other person's room was not touched.
  const other = await roomClient(server, theirs.room);
  expect((await other.request({ cmd: 'room' })).phase).toBe('waiting');
  other.close();
});
