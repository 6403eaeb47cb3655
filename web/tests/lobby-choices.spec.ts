// The lobby's first choices (docs/web.md, "Lobby"): play the computer in one click reaches a
// board; play a friend shows a link, a copy button and a QR code, and the game starts when a
// second browser opens the link and takes the seat; the custom room still makes a room with its
// options; a finished game of this browser is listed under "Your recent games" with its result.
import { test, expect, createRoom, expectAxeClean, newPlayer, openRoom, roomClient, startRoom } from './fixtures';

test('play the computer: one click from the lobby to a board', async ({ page, server }) => {
  await page.goto(server.url + '/');
  await expect(page.getByLabel('Game', { exact: true }).first()).toHaveValue('classic');
  await expect(page.getByLabel('Level')).toHaveValue('normal');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}$/);
  // Started already: the placement board, no waiting room.
  await expect(page.getByRole('button', { name: 'Place fleet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  const room = /\/r\/([A-Z]{5})$/.exec(page.url())![1]!;
  const watcher = await roomClient(server, room);
  const summary = await watcher.request({ cmd: 'room' });
  watcher.close();
  expect(summary.game).toBe('classic');
  expect(summary.phase).toBe('playing');
  expect(summary.seats.map((s: any) => s.kind)).toEqual(['human', 'bot']);
});

test('play the computer: every game offered starts against bots at the level chosen', async ({ page, server, lobby }) => {
  for (const [game, seats] of [['salvo', 2], ['royale', 4], ['crew', 2]] as const) {
    await page.goto(server.url + '/');
    await page.locator('#computer-game').selectOption(game);
    await page.getByLabel('Level').selectOption('easy');
    await page.getByRole('button', { name: 'Play the computer' }).click();
    await expect(page).toHaveURL(/\/r\/[A-Z]{5}$/);
    const room = /\/r\/([A-Z]{5})$/.exec(page.url())![1]!;
    const watcher = await roomClient(server, room);
    const summary = await watcher.request({ cmd: 'room' });
    watcher.close();
    expect([summary.game, summary.phase, summary.seats.length]).toEqual([game, 'playing', seats]);
    // The bots are those the protocol gives for "easy" in that game.
    const easy = await createRoom(lobby, { game, bots: [{ seat: 1, level: 'easy' }] });
    const reference = await roomClient(server, easy.room);
    const expected = (await reference.request({ cmd: 'room' })).seats[1];
    reference.close();
    expect(summary.seats.slice(1).map((s: any) => s.kind + ' ' + s.bot)).toEqual(Array(seats - 1).fill('bot ' + expected.bot));
  }
});

test('play a friend: link, copy, QR code; the friend opens the link and the game starts', async ({ page, server, context }) => {
  await page.goto(server.url + '/');
  await page.getByLabel('Your name').fill('Ann');
  await page.getByLabel('Game', { exact: true }).nth(1).selectOption('salvo');
  await page.getByRole('button', { name: 'Invite a friend' }).click();
  const invitation = page.getByTestId('invitation');
  await expect(invitation).toBeVisible();
  const room = (await invitation.getAttribute('data-room'))!;
  expect(room).toMatch(/^[A-Z]{5}$/);
  const link = page.getByLabel('Link for your friend');
  await expect(link).toHaveValue(`${server.url}/r/${room}`);
  await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-text', `${server.url}/r/${room}`);
  await expect(page.getByRole('img', { name: `QR code of the link to room ${room}` })).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(/Link copied|Select the link/)).toBeVisible();
  await expect(page.getByText('Waiting for your friend to open the link…')).toBeVisible();
  await expectAxeClean(page, 'lobby, inviting a friend');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAxeClean(page, 'lobby, inviting a friend, dark');

  const bob = await newPlayer(context);
  await bob.goto(await link.inputValue());
  await bob.getByLabel('Your name').fill('Bob');
  await bob.getByRole('button', { name: 'Take seat 2' }).click();
  // Nobody presses Start: the lobby started the game and opened the board.
  await expect(page).toHaveURL(new RegExp(`/r/${room}$`));
  await expect(page.getByRole('button', { name: 'Place fleet' })).toBeVisible();
  await expect(bob.getByRole('button', { name: 'Place fleet' })).toBeVisible();
  const watcher = await roomClient(server, room);
  const summary = await watcher.request({ cmd: 'room' });
  watcher.close();
  expect(summary.game).toBe('salvo');
  expect(summary.seats.map((s: any) => s.name)).toEqual(['Ann', 'Bob']);
  await bob.context().close();
});

test('play a friend: Cancel withdraws the invitation and aborts the room', async ({ page, server }) => {
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Invite a friend' }).click();
  const room = (await page.getByTestId('invitation').getAttribute('data-room'))!;
  await expect(page.getByLabel('Link for your friend')).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('The invitation is withdrawn.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite a friend' })).toBeVisible();
  const watcher = await roomClient(server, room);
  expect((await watcher.request({ cmd: 'room' })).phase).toBe('aborted');
  watcher.close();
});

test('the custom room still makes a room with its options', async ({ page, server }) => {
  await page.goto(server.url + '/');
  await expect(page.getByRole('radio', { name: /^Salvo/ })).toBeHidden(); // collapsed at first
  await page.locator('[data-testid=custom-room] > summary').click();
  await page.getByRole('radio', { name: /^Salvo/ }).check();
  await page.getByLabel('Columns', { exact: true }).fill('8');
  await page.getByLabel('Seat 2').selectOption('bot:easy');
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}$/);
  const room = /\/r\/([A-Z]{5})$/.exec(page.url())![1]!;
  const watcher = await roomClient(server, room);
  const summary = await watcher.request({ cmd: 'room' });
  watcher.close();
  expect(summary.game).toBe('salvo');
  expect(summary.options.cols).toBe(8);
  expect(summary.phase).toBe('waiting');
  expect(summary.seats.map((s: any) => s.kind)).toEqual(['human', 'bot']);
});

test('your recent games: a finished game with its result, to review', async ({ page, server, lobby }) => {
  const r = await createRoom(lobby, { game: 'classic', bots: [{ seat: 1, level: 'easy' }] });
  await startRoom(server, r.room, r.token);
  const seat = await roomClient(server, r.room, r.token);
  await seat.request({ cmd: 'act', action_id: 'p', action: { type: 'place', ships: ['A1 right', 'C1 right', 'E1 right', 'G1 right', 'I1 right'] } });
  expect((await seat.request({ cmd: 'resign' })).type).toBe('resigned');
  seat.close();
  await openRoom(page, server, r.room, r.token, 0);
  await page.goto(server.url + '/');
  const recent = page.getByTestId('recent-games');
  await expect(recent.locator(`li[data-room="${r.room}"]`)).toContainText('Battleship');
  await expect(recent.locator(`li[data-room="${r.room}"]`)).toContainText('you lost (resigned)');
  await expect(page.getByTestId('my-rooms')).toHaveCount(0);
  await expectAxeClean(page, 'lobby with recent games');
  await recent.getByRole('link', { name: `Review ${r.room}` }).click();
  await expect(page).toHaveURL(new RegExp(`/r/${r.room}$`));
});
