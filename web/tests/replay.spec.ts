// Replays in the page (issue 32, item 5; docs/web.md, "Replays"): from the end screen or a
// record file, a finished game steps move by move with the game's own boards, from the player's
// seat (the default for a seat this browser held), the other seat's, or the public view.
import { createRoom, expect, expectAxeClean, joinRoom, openRoom, roomClient, startRoom, test } from './fixtures';

const fleet = [
  { name: 'Destroyer', length: 2 },
  { name: 'Patrol', length: 1 },
];
const options = { rows: 5, cols: 5, fleet, first: 0 };

test('a finished game replays move by move from each seat and the public view, from the end screen and from a file', async ({ server, lobby, page }) => {
  // 35 s of the default 60 s in a fresh-clone CI run on a slow machine (2026-11-29).
  test.setTimeout(150_000);
  const { room, token } = await createRoom(lobby, { game: 'classic', options, seat: 0 });
  const bob = await joinRoom(server, room, 'Bob');
  await startRoom(server, room, token);
  const ann = await roomClient(server, room, token);
  const bobWs = await roomClient(server, room, bob.token);
  const act = async (who: typeof ann, id: string, action: object) => expect((await who.request({ cmd: 'act', action_id: id, action })).type).toBe('acted');
  await act(ann, 'p', { type: 'place', ships: ['E1 right', 'C5 right'] });
  await act(bobWs, 'p', { type: 'place', ships: ['A1 right', 'C3 right'] });
  // Ann: miss B1, then sink the Destroyer (A1, A2) and the Patrol (C3); Bob misses twice.
  await act(ann, 'f1', { type: 'fire', cell: 'B1' });
  await act(bobWs, 'f1', { type: 'fire', cell: 'A5' });
  await act(ann, 'f2', { type: 'fire', cell: 'A1' });
  await act(bobWs, 'f2', { type: 'fire', cell: 'B5' });
  await act(ann, 'f3', { type: 'fire', cell: 'A2' });
  await act(bobWs, 'f3', { type: 'fire', cell: 'E1' });
  await act(ann, 'f4', { type: 'fire', cell: 'C3' });
  ann.close();
  bobWs.close();
  const moves = 9;

  await openRoom(page, server, room, token, 0);
  await expect(page.getByTestId('game-over')).toBeVisible();
  await page.getByTestId('open-replay').click();
  await expect(page).toHaveURL(new RegExp(`/replay/${room}$`));
  const step = page.getByTestId('replay-step');
  // This browser held seat 0: the replay starts from Ann's point of view, before any move.
  await expect(page.getByTestId('replay-seat')).toHaveValue('0');
  await expect(step).toHaveText(`Before the first move (${moves} moves in all)`);
  const target = page.getByTestId('target-grid');
  const own = page.getByTestId('own-grid');

  const next = page.getByRole('button', { name: 'Next move' });
  await next.click();
  await expect(step).toHaveText(`Move 1 of ${moves}: Ann`);
  await expect(own.locator('[data-cell=E1]')).toHaveAttribute('aria-label', /Destroyer/);
  // The keyboard moves too: arrows on the controls.
  await next.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(step).toHaveText(`Move 3 of ${moves}: Ann`);
  await expect(target.locator('[data-cell=B1]')).toHaveAttribute('aria-label', /miss/);
  await expect(target.locator('[data-cell=A1]')).toHaveAttribute('aria-label', /not fired at/);
  // Bob's ships are nowhere on Ann's view before the end.
  await expect(target.locator('[aria-label*="revealed"]')).toHaveCount(0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(step).toHaveText(`Move 5 of ${moves}: Ann`);
  await expect(target.locator('[data-cell=A1]')).toHaveAttribute('aria-label', /hit/);
  await page.keyboard.press('ArrowLeft');
  await expect(step).toHaveText(`Move 4 of ${moves}: Bob`);
  await expect(target.locator('[data-cell=A1]')).toHaveAttribute('aria-label', /not fired at/);
  await expect(own.locator('[data-cell=A5]')).toHaveAttribute('aria-label', /miss/);

  // Bob's point of view at the same move: his fleet on his ocean, Ann's shots on it. Until his
  // view has come from the server (held back here), the page draws Ann's view as Ann's: a view
  // drawn as Bob's with Ann's observation would call Ann's own ocean the enemy's.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const bobsView = (url: URL) => url.pathname === '/api/replay' && url.searchParams.get('seat') === '1';
  await page.route(bobsView, async (route) => {
    await held;
    await route.continue();
  });
  const replay = page.getByTestId('replay');
  await page.getByTestId('replay-seat').selectOption({ label: 'Bob' });
  await expect(replay).toHaveAttribute('aria-busy', 'true');
  await expect(replay).toHaveAttribute('data-seat', '0');
  await expect(page.locator('#cl-target-title')).toHaveText("Bob's ocean");
  await expect(own.locator('[data-cell=E1]')).toHaveAttribute('aria-label', /Destroyer/);
  release();
  await expect(replay).toHaveAttribute('data-seat', '1');
  await expect(replay).toHaveAttribute('aria-busy', 'false');
  await page.unroute(bobsView);
  await expect(page.locator('#cl-target-title')).toHaveText("Ann's ocean");
  await expect(step).toHaveText(`Move 4 of ${moves}: Bob`);
  await expect(own.locator('[data-cell=A1]')).toHaveAttribute('aria-label', /Destroyer/);
  await expect(own.locator('[data-cell=B1]')).toHaveAttribute('aria-label', /miss/);
  await expect(target.locator('[data-cell=E1]')).toHaveAttribute('aria-label', /not fired at/);

  // The public view: both sides' shots, no fleet.
  await page.getByTestId('replay-seat').selectOption('-1');
  await expect(page.getByTestId('side-grid-0')).toBeVisible();
  await expect(own).toHaveCount(0);

  // The end: the final position with the game over and every fleet shown.
  await page.getByRole('button', { name: 'Last move' }).click();
  await expect(step).toHaveText(`Move ${moves} of ${moves}: Ann`);
  await expect(page.getByTestId('replay-end')).toBeVisible();
  await page.getByTestId('replay-seat').selectOption('0');
  await expect(target.locator('[data-cell=C3]')).toHaveAttribute('aria-label', /sunk/);
  await expectAxeClean(page, 'the replay page');

  // The same game from its record file, dropped in by the picker.
  const record = await (await fetch(`${server.url}/rooms/${room}/record`)).text();
  await page.goto(server.url + '/replay');
  await page.getByTestId('replay-file').setInputFiles({ name: `broadside-${room}.json`, mimeType: 'application/json', buffer: Buffer.from(record) });
  await expect(step).toHaveText(`Before the first move (${moves} moves in all)`);
  await page.getByRole('button', { name: 'Last move' }).click();
  await expect(step).toHaveText(`Move ${moves} of ${moves}: Ann`);
  // A file of several records, one per line (sim --save): the first is replayed, and it says so.
  await page.goto(server.url + '/replay');
  await page.getByTestId('replay-file').setInputFiles({ name: 'games.jsonl', mimeType: 'application/json', buffer: Buffer.from(record.trim() + '\n' + record.trim() + '\n') });
  await expect(page.getByTestId('replay-note')).toContainText('This file holds 2 games');
  await expect(step).toHaveText(`Before the first move (${moves} moves in all)`);
  // A file that is not a record gets a clear message and no replay.
  await page.goto(server.url + '/replay');
  await page.getByTestId('replay-file').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
  await expect(page.getByTestId('replay-error')).toContainText('not a Broadside record');
  await expect(page.getByTestId('replay')).toHaveCount(0);
  // A room with no finished game says so.
  await page.goto(server.url + '/replay/ZZZZZ');
  await expect(page.getByTestId('replay-error')).toContainText('no finished game');
});
