// The openings of every game, pixel for pixel (issue 32 item 6; the matrix in docs/web.md): what
// a player sees before the first shot. Only what is deterministic: classic's placement screen
// with this test's own fleet on fixed cells (nothing random is drawn before the first shot);
// Royale's deal and the dice game's first throw from the committed records on /replay (a live
// room deals and throws from a random seed); the party's host screen before anyone joins, and a
// phone that joined under a fixed name with its fleet on fixed cells. Animations off
// (reducedMotion), fixed viewports and schemes; no pixel may differ. What truly varies is masked,
// and named where it is: the room code, the join link and its QR code.
import type { Locator, Page } from '@playwright/test';
import { createRoom, expect, joinRoom, openRoom, roomClient, startRoom, test, type Lobby, type Server } from './fixtures';
import { blur, desktop, pageShot, phone, replayAt, roomCode, shot } from './screens';

// The five ships of the standard fleet, each on a fixed place (the first cell, then the way).
const FLEET: Array<[string, string, 'right' | 'down']> = [
  ['Carrier', 'B2', 'right'],
  ['Battleship', 'D7', 'down'],
  ['Cruiser', 'F1', 'right'],
  ['Submarine', 'H4', 'right'],
  ['Destroyer', 'J9', 'right'],
];

/** Places FLEET on the placement board by clicks (taps on a touch screen), as a player does. */
async function placeFleet(page: Page, touch: boolean): Promise<void> {
  const press = (l: Locator) => (touch ? l.tap() : l.click());
  const grid = page.getByTestId('place-grid');
  for (const [name, cell, way] of FLEET) {
    await press(page.getByRole('button', { name: new RegExp('^' + name) }));
    const rotate = page.getByRole('button', { name: /^Rotate/ });
    if (!(await rotate.textContent())!.includes(way)) await press(rotate);
    await expect(rotate).toContainText(way);
    await press(grid.locator(`[data-cell=${cell}]`));
    // The placed ship's own label, not a preview's ("preview of Destroyer" would match the name).
    await expect(grid.locator(`[data-cell=${cell}]`)).toHaveAttribute('aria-label', new RegExp(`^${cell}, ${name}`));
  }
  await expect(page.getByRole('button', { name: 'Place fleet' })).toBeEnabled();
  // No pointer over the board: a hovering mouse would draw a preview there.
  if (!touch) await page.mouse.move(0, 0);
  await blur(page);
}

/**
 * A classic room, Ann (this page) against Bob, started. Bob stays connected and has not placed
 * yet (a person away would add "Claim the win" to the page): close the returned socket at the end.
 */
async function classicRoom(server: Server, lobby: Lobby) {
  const { room, token } = await createRoom(lobby, { game: 'classic', options: { first: 0 }, seat: 0 });
  const bob = await roomClient(server, room, (await joinRoom(server, room, 'Bob')).token);
  await startRoom(server, room, token);
  return { room, token, bob };
}

test.describe('desktop', () => {
  test.use({ ...desktop, colorScheme: 'light' });

  test('classic: the placement screen with the fleet placed, 1280 px, light', async ({ page, server, lobby }) => {
    const { room, token, bob } = await classicRoom(server, lobby);
    await openRoom(page, server, room, token, 0);
    await placeFleet(page, false);
    await pageShot(page, 'classic-placement-1280-light.png', [roomCode(page)]);
    bob.close();
  });

  test("Royale: the deal, before the discards, as a seat sees it, 1280 px, dark", async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await replayAt(page, server, 'royale', 1, 0);
    await shot(page.getByTestId('replay'), 'royale-opening-1280-dark.png');
  });

  test('the dice game: the first throw, 1280 px, light', async ({ page, server }) => {
    await replayAt(page, server, 'crew', 0, 1);
    await shot(page.getByTestId('replay'), 'crew-opening-1280-light.png');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the party host screen waiting for players, 1280x720, ${scheme}`, async ({ page, server }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(server.url + '/?party');
      await page.getByRole('button', { name: 'Open the host screen' }).click();
      await expect(page).toHaveURL(/\/r\/[A-Z]{5}\?host$/);
      await expect(page.getByTestId('host-players')).toHaveText('0');
      await expect(page.getByTestId('host-edition')).toContainText('Red Aircraft Carrier');
      await blur(page);
      // Masked: the room code, the join link (the code and this test server's port) and its QR code.
      const masks = [page.getByTestId('host-code'), page.locator('.pn-url'), page.getByTestId('host-qr')];
      await pageShot(page, `party-host-waiting-1280-${scheme}.png`, masks);
    });
  }
});

test.describe('phone', () => {
  test.use({ ...phone, colorScheme: 'dark' });

  test('classic: the placement screen with the fleet placed by taps, 360 px, dark', async ({ page, server, lobby }) => {
    const { room, token, bob } = await classicRoom(server, lobby);
    await openRoom(page, server, room, token, 0);
    await placeFleet(page, true);
    await pageShot(page, 'classic-placement-360-dark.png', [roomCode(page)]);
    bob.close();
  });

  test('Royale: the deal, 360 px, light', async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await replayAt(page, server, 'royale', 1, 0);
    await shot(page.getByTestId('replay'), 'royale-opening-360-light.png');
  });

  test('the dice game: the first throw, 360 px, dark', async ({ page, server }) => {
    await replayAt(page, server, 'crew', 0, 1);
    await shot(page.getByTestId('replay'), 'crew-opening-360-dark.png');
  });

  test('the party game: a phone that joined, its fleet placed, 360 px, dark', async ({ page, server, lobby }) => {
    // The host's room (created over the protocol, as the host screen does), waiting for players.
    const { room, token } = await createRoom(lobby, { game: 'party', options: { seating: 'open', players: 0 }, seat: 0, name: 'Host' });
    await startRoom(server, room, token);
    await page.goto(`${server.url}/r/${room}`);
    await page.getByLabel('Your name').fill('Ann');
    await page.getByRole('button', { name: 'Join', exact: true }).tap();
    await expect(page.getByTestId('phone-you')).toHaveText('You are Ann');
    // The placement board ignores taps while the page is busy, and its buttons are disabled then
    // (PartyPlacement.tsx). One slow-machine run lost a tap here just after joining: each tap now
    // waits until the page is not busy, as a person would, and then for its ship to show.
    for (const cell of ['A1', 'A2', 'A3', 'A4', 'A5', 'A6']) {
      await expect(page.getByRole('button', { name: /^Rotate/ })).toBeEnabled();
      const target = page.locator(`[data-testid=party-placement] [data-cell=${cell}]`);
      await target.tap();
      await expect(target).not.toHaveAttribute('aria-label', /water/);
    }
    await expect(page.getByRole('button', { name: 'Lock in' })).toBeEnabled();
    await blur(page);
    await pageShot(page, 'party-phone-placing-360-dark.png', [roomCode(page)]);
  });
});
