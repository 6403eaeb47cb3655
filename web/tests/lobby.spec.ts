// The lobby and the waiting room through the UI: create a room from the custom room's form, a friend joins by
// the link, the creator starts; join by code; a room code that does not exist; the page served
// with the cache policy of docs/web.md; accessibility. How fast the lobby is usable is measured by
// `npm run bench:lobby` (bench/lobby-time.mjs, docs/performance.md), not here: a timing against
// the sanitizer build on a shared machine would only be a flake.
import AxeBuilder from '@axe-core/playwright';
import { test, expect, newPlayer } from './fixtures';

async function noSeriousViolations(page: import('@playwright/test').Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('the lobby is usable and passes axe', async ({ page, server }) => {
  await page.goto(server.url + '/');
  // Usable: the first choice, one click from a game, can be clicked.
  const play = page.getByRole('button', { name: 'Play the computer' });
  await expect(play).toBeEnabled();
  await noSeriousViolations(page, 'lobby');
  // The custom room, opened: every game of the server is offered, with a form built from its options.
  await page.locator('[data-testid=custom-room] > summary').click();
  await expect(page.getByRole('button', { name: 'Create room' })).toBeEnabled();
  await noSeriousViolations(page, 'lobby with the custom room open');
  for (const title of ['Battleship The classic', 'Salvo', 'Battleship Royale', 'Ship, Captain and Crew', 'Rainbow Armada']) {
    await expect(page.getByRole('radio', { name: new RegExp('^' + title) })).toBeVisible();
  }
  await page.getByRole('radio', { name: /^Battleship Royale/ }).check();
  await expect(page.getByLabel('Mode', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Players', { exact: true })).toHaveValue('4');
  await expect(page.locator('select[id^=seat-]')).toHaveCount(4);
  await page.getByLabel('Players', { exact: true }).fill('3');
  await expect(page.locator('select[id^=seat-]')).toHaveCount(3);
});

test('create a room, a friend joins by the link, the creator starts', async ({ page, server, context }) => {
  await page.goto(server.url + '/');
  await page.getByLabel('Your name').fill('Ann');
  await page.locator('[data-testid=custom-room] > summary').click();
  await page.getByRole('radio', { name: /^Salvo/ }).check();
  await page.getByLabel('Seat 2').selectOption('open');
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}$/);
  const code = (await page.getByTestId('room-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z]{5}$/);
  await expect(page.getByLabel('Join link')).toHaveValue(new RegExp(`/r/${code}$`));
  await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeDisabled();
  await noSeriousViolations(page, 'waiting room');

  // The friend opens the link, takes the open seat under a name.
  const bob = await newPlayer(context);
  await bob.goto(server.url + '/r/' + code);
  await bob.getByLabel('Your name').fill('Bob');
  await bob.getByRole('button', { name: 'Take seat 2' }).click();
  await expect(bob.getByTestId('seats')).toContainText('Bob');
  await expect(page.getByTestId('seats')).toContainText('Bob');

  // Copy link works without the Clipboard API (http page, not a secure context elsewhere).
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(/Link copied|Select the link/)).toBeVisible();

  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByTestId('turn')).toContainText(/Your turn/);
  await expect(bob.getByTestId('turn')).toContainText(/Your turn/);
  await expect(page).toHaveTitle(/Your turn/);
  await bob.context().close();
});

test('join by code, a wrong code, and quick match pairs two people', async ({ page, server, context, lobby }) => {
  const created = await lobby.request({ cmd: 'create', game: 'classic', name: 'Cat', seat: 0 });
  await page.goto(server.url + '/');
  await page.getByLabel('Room code').fill(created.room.toLowerCase());
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/r/${created.room}$`));
  await expect(page.getByRole('button', { name: 'Take seat 2' })).toBeVisible();

  await page.goto(server.url + '/r/ZZZZZ');
  await expect(page.getByRole('heading', { name: 'No room ZZZZZ' })).toBeVisible();

  const other = await newPlayer(context);
  await page.goto(server.url + '/');
  await other.goto(server.url + '/');
  await page.getByRole('button', { name: 'Salvo' }).click();
  await expect(page.getByText(/Waiting for another player/)).toBeVisible();
  await other.getByRole('button', { name: 'Salvo' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}$/);
  await expect(other).toHaveURL(page.url());
  await expect(page.getByTestId('turn')).toContainText(/Your turn/);
  // Each page kept the nonce it sent with `quick`: the end screen's fairness check finds it among
  // the record's (docs/web.md, "The fairness check").
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: 'Resign' }).click();
  for (const p of [page, other]) {
    await expect(p.getByTestId('fairness')).toContainText('✔ the draws were fixed before play');
    await p.getByTestId('fairness').locator('summary').click();
    await expect(p.getByTestId('fairness')).toContainText(', yours included');
  }
  await other.context().close();
});

test('the page is never cached, hashed assets for a year, gzipped', async ({ request, server }) => {
  const page = await request.get(server.url + '/r/ABCDE');
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const js = /\/assets\/main-[A-Z0-9]+\.js/.exec(html)![0];
  const asset = await request.get(server.url + js, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toContain('immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
  expect(asset.headers()['content-type']).toContain('javascript');
  expect((await request.get(server.url + '/assets/nothing-1234.js')).status()).toBe(404);
  expect((await request.get(server.url + '/assets/../index.html')).status()).toBe(404);
});
