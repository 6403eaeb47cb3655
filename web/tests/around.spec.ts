// Around every game: resign, rematch, claiming the win from an opponent who left, the turn clock
// and a move played for a player out of time, the record download and the fairness check.
import { test, expect, createRoom, joinRoom, startRoom, openRoom, roomClient, newPlayer } from './fixtures';

const quick = { rows: 5, cols: 5, fleet: [{ name: 'Submarine', length: 3 }, { name: 'Destroyer', length: 2 }], first: 0 };

test('resign ends the game for both; the record downloads; the fairness check passes; rematch', async ({ page, context, server, lobby }) => {
  const ann = await createRoom(lobby, { game: 'classic', options: quick, seat: 0, nonce: 'abc123' });
  const bob = await joinRoom(server, ann.room, 'Bob');
  await startRoom(server, ann.room, ann.token);
  await openRoom(page, server, ann.room, ann.token, 0);
  const bobPage = await newPlayer(context);
  await openRoom(bobPage, server, ann.room, bob.token, 1);
  await expect(bobPage.getByTestId('turn')).toContainText('Your turn');

  bobPage.once('dialog', (d) => d.accept());
  await bobPage.getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByTestId('game-over')).toContainText('You win (Bob resigned)');
  await expect(bobPage.getByTestId('game-over')).toContainText('You lose: Ann wins (Bob resigned)');
  await expect(page.getByTestId('turn')).toContainText('Game over');

  // The fairness check, recomputed in the page with a JavaScript SHA-256.
  await expect(page.getByTestId('fairness')).toContainText('✔ the draws were fixed before play');
  await page.getByTestId('fairness').locator('summary').click();
  await expect(page.getByTestId('fairness')).toContainText('broadside replay --verify');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the record' }).click();
  expect((await download).suggestedFilename()).toBe(`broadside-${ann.room}.json`);

  // Rematch: both end up in the new room, holding their seats (swapped).
  await page.getByRole('button', { name: 'Rematch' }).click();
  // Waits for the new room (the old room's URL matched the pattern too: a flake under load).
  await expect(page).not.toHaveURL(new RegExp(`/r/${ann.room}$`));
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}$/);
  const next = page.url().slice(-5);
  expect(next).not.toBe(ann.room);
  // Bob is taken there too, without a click (docs/web.md: "everyone is taken to the new room"),
  // and his tab no longer says the old room's "Game over".
  await expect(bobPage).toHaveURL(new RegExp(`/r/${next}$`));
  await expect(bobPage).toHaveTitle(`Battleship ${next} · Broadside`);
  // The new room waits for its creator to start it, both people seated, the seats swapped.
  await expect(page.getByTestId('seats')).toContainText('Seat 1: Bob · online');
  await expect(page.getByTestId('seats')).toContainText('Seat 2: Ann · online (you)');
  // The server seats a rematch's players without a nonce: each page sends its own before the
  // start (`nonce`) and keeps it, as at create and join. Started only once both were taken.
  const nonceKept = (p: typeof page) => p.evaluate((room) => JSON.parse(localStorage.getItem('broadside.nonces') ?? '{}')[room] ?? null, next);
  await expect.poll(() => nonceKept(page)).not.toBeNull();
  await expect.poll(() => nonceKept(bobPage)).not.toBeNull();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  await expect(bobPage.getByTestId('turn')).toContainText('Your turn');

  // The rematch played out (Bob, in seat 1 now, resigns): each end screen finds its own nonce
  // among the record's.
  bobPage.once('dialog', (d) => d.accept());
  await bobPage.getByRole('button', { name: 'Resign' }).click();
  for (const p of [page, bobPage]) {
    await expect(p.getByTestId('fairness')).toContainText('✔ the draws were fixed before play');
    await p.getByTestId('fairness').locator('summary').click();
    await expect(p.getByTestId('fairness')).toContainText(', yours included');
  }
  // The seat each browser held in the rematch is known (the token was stored before it was):
  // the lobby's recent games say "you won" / "you lost", and the replay opens on that seat.
  await page.goto(server.url + '/');
  await expect(page.getByTestId('recent-games').locator(`li[data-room="${next}"]`)).toContainText('you won (resigned)');
  await bobPage.goto(server.url + '/');
  await expect(bobPage.getByTestId('recent-games').locator(`li[data-room="${next}"]`)).toContainText('you lost (resigned)');
  await page.goto(`${server.url}/replay/${next}`);
  await expect(page.getByTestId('replay-seat')).toHaveValue('1');
  await bobPage.context().close();
});

test('the old room opened again after a rematch stays on its end screen, with the way to the rematch', async ({ page, server, lobby }) => {
  const ann = await createRoom(lobby, { game: 'classic', options: quick, seat: 0 });
  const bob = await joinRoom(server, ann.room, 'Bob');
  await startRoom(server, ann.room, ann.token);
  const bobWire = await roomClient(server, ann.room, bob.token);
  expect((await bobWire.request({ cmd: 'resign' })).type).toBe('resigned');
  const next = (await bobWire.request({ cmd: 'rematch' })).room;
  bobWire.close();
  // Reviewing a finished room is not a rematch offered now: the page does not move by itself.
  await openRoom(page, server, ann.room, ann.token, 0);
  const go = page.getByRole('button', { name: `Go to the rematch (${next})` });
  await expect(go).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/r/${ann.room}$`));
  await go.click();
  await expect(page).toHaveURL(new RegExp(`/r/${next}$`));
  await expect(page.getByTestId('seats')).toContainText('Seat 2: Ann');
});

test('claim the win when the opponent has left', async ({ page, server, lobby }) => {
  const ann = await createRoom(lobby, { game: 'classic', options: quick, seat: 0, clock: { grace_seconds: 1 } });
  const bob = await joinRoom(server, ann.room, 'Bob');
  const bobWire = await roomClient(server, ann.room, bob.token);
  await startRoom(server, ann.room, ann.token);
  await openRoom(page, server, ann.room, ann.token, 0);
  await expect(page.getByTestId('turn')).toContainText('Your turn');
  bobWire.close();
  await page.getByRole('button', { name: /Claim the win/ }).click();
  // Either too early (the page says how long is left) or won; try until the grace is over.
  await expect(async () => {
    if (await page.getByTestId('game-over').count() === 0) {
      await page.getByRole('button', { name: /Claim the win/ }).click();
    }
    await expect(page.getByTestId('game-over')).toContainText('You win (Bob left the game)', { timeout: 500 });
  }).toPass({ timeout: 15_000 });
});

test('the turn clock counts down and a move is played for a player out of time', async ({ page, server, lobby }) => {
  const ann = await createRoom(lobby, { game: 'classic', options: quick, seat: 0, clock: { turn_seconds: 2, placement_seconds: 60 } });
  const bob = await joinRoom(server, ann.room, 'Bob');
  await startRoom(server, ann.room, ann.token);
  const annWire = await roomClient(server, ann.room, ann.token);
  const bobWire = await roomClient(server, ann.room, bob.token);
  await annWire.request({ cmd: 'act', action_id: 1, action: { type: 'place', ships: ['A1 right', 'C1 right'] } });
  await bobWire.request({ cmd: 'act', action_id: 1, action: { type: 'place', ships: ['A1 right', 'C1 right'] } });
  await openRoom(page, server, ann.room, ann.token, 0);
  await expect(page.getByTestId('clock')).toBeVisible();
  await expect(page.getByTestId('clock')).toHaveAttribute('aria-label', /\d seconds left/);
  // Ann does nothing: the easy bot fires for her and the page says so.
  await expect(page.getByText(/A move was played for Ann \(out of time\)/)).toBeVisible({ timeout: 15_000 });
  // Each move re-arms the clock of whoever acts next (the deadlines come with the move's events):
  // on Bob's turn Ann's page shows his clock, which the room summary, sent before, did not have.
  await expect
    .poll(() => page.evaluate(() => {
      const turn = document.querySelector('[data-testid=turn]')?.textContent ?? '';
      const clock = document.querySelector('[data-testid=clock]')?.getAttribute('aria-label') ?? '';
      return turn.includes('Waiting for Bob') && /^[1-9]\d* seconds left$/.test(clock);
    }), { timeout: 15_000 })
    .toBe(true);
  annWire.close();
  bobWire.close();
});

test('/watch/CODE watches even with a seat token stored', async ({ page, server, lobby }) => {
  const ann = await createRoom(lobby, { game: 'classic', options: quick, seat: 0 });
  await openRoom(page, server, ann.room, ann.token, 0);
  await expect(page.getByRole('button', { name: 'Leave seat' })).toBeVisible();
  await page.goto(`${server.url}/watch/${ann.room}`);
  await expect(page.getByRole('button', { name: 'Take seat 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave seat' })).toHaveCount(0);
});
