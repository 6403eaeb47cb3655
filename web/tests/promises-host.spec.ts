// Promises of docs/web.md that no other spec checked: `/host/CODE` opens the same host screen as
// `/r/CODE?host` ("Party night", judgment calls), and the sound switches are remembered: the game
// page's "Sound on/off" beside the turn bar ("Playing") and the party host's "Sound: on/off"
// ("The host screen"), both kept in localStorage (broadside.muted) across a reload.
import { createRoom, expect, openRoom, startRoom, test } from './fixtures';

test('host path: /host/CODE opens the host screen of a party room, as /r/CODE?host does', async ({ server, lobby, page }) => {
  // A party room made as /?party makes it (open seating, the host in seat 0), not yet started:
  // the host screen starts it, whichever address opened it.
  const { room, token } = await createRoom(lobby, { game: 'party', name: 'Host', options: { seating: 'open', players: 0 }, seat: 0 });
  await openRoom(page, server, room, token, 0); // the token into localStorage, as the creator's browser holds it
  await page.goto(`${server.url}/host/${room}`);
  const screen = page.getByTestId('host-screen');
  await expect(screen).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/host/${room}`);
  await expect(page.getByTestId('host-code')).toHaveText(room);
  await expect(page.getByTestId('host-qr')).toBeVisible();
  // The host's seat: the controls, and the room started by the page as on /r/CODE?host.
  await expect(page.getByTestId('host-controls')).toBeVisible();
  await expect(screen).toHaveAttribute('data-phase', 'playing');
  await expect(page.getByTestId('host-fire')).toHaveText('Start: fire torpedo 1');
  await expect(page).toHaveTitle(`Rainbow Armada (party) ${room} · host screen · Broadside`);

  // The same screen at /r/CODE?host: the same parts, the same room.
  await page.goto(`${server.url}/r/${room}?host`);
  await expect(page.getByTestId('host-code')).toHaveText(room);
  await expect(page.getByTestId('host-controls')).toBeVisible();
  await expect(page.getByTestId('host-fire')).toHaveText('Start: fire torpedo 1');

  // Without the host's token /host/CODE is still the host screen: the game, no controls.
  const other = await (await page.context().browser()!.newContext()).newPage();
  await other.goto(`${server.url}/host/${room}`);
  await expect(other.getByTestId('host-screen')).toBeVisible();
  await expect(other.getByTestId('host-code')).toHaveText(room);
  await expect(other.getByText(`This page does not hold the host’s seat of room ${room}`)).toBeVisible();
  await expect(other.getByTestId('host-controls')).toHaveCount(0);
  await other.context().close();
});

test('sound remembered: the game page keeps "Sound off" and "Sound on" across a reload', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, {
    game: 'classic',
    options: { rows: 6, cols: 6, fleet: [{ name: 'Destroyer', length: 2 }], first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  const on = page.getByRole('button', { name: '♪ Sound on' });
  const off = page.getByRole('button', { name: 'Sound off' });
  await expect(on).toBeVisible();
  await expect(on).toHaveAttribute('aria-pressed', 'false');
  await on.click();
  await expect(off).toBeVisible();
  await expect(off).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('turn')).toBeVisible();
  await expect(off).toBeVisible();
  await expect(off).toHaveAttribute('aria-pressed', 'true');
  await expect(on).toHaveCount(0);
  // And back on, which is remembered too.
  await off.click();
  await expect(on).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('turn')).toBeVisible();
  await expect(on).toBeVisible();
  await expect(off).toHaveCount(0);
});

test('sound remembered: the party host keeps "Sound: off" and "Sound: on" across a reload', async ({ server, page }) => {
  await page.goto(server.url + '/?party');
  await page.getByRole('button', { name: 'Open the host screen' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}\?host$/);
  const controls = page.getByTestId('host-controls');
  const on = controls.getByRole('button', { name: 'Sound: on' });
  const off = controls.getByRole('button', { name: 'Sound: off' });
  await expect(on).toBeVisible();
  await expect(on).toHaveAttribute('aria-pressed', 'true');
  await on.click();
  await expect(off).toBeVisible();
  await expect(off).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByTestId('host-screen')).toHaveAttribute('data-phase', 'playing');
  await expect(off).toBeVisible();
  await expect(on).toHaveCount(0);
  // Muted, the hint that sound starts after a click has nothing to say: hidden in its place.
  await expect(page.getByTestId('host-sound-hint')).toBeHidden();
  // And back on, which is remembered too.
  await off.click();
  await expect(on).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('host-screen')).toHaveAttribute('data-phase', 'playing');
  await expect(on).toBeVisible();
  await expect(off).toHaveCount(0);
});
