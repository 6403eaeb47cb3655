// A server whose links carry another address than the one the page was opened on
// (`--public-url`, docs/server.md): the links the page shows are the server's, not
// `location.origin` (docs/web.md: "the join links carry that address"). The server listens on
// loopback as always; 10.9.8.7 is only written into links, never dialled.
import { test, expect, createRoom, openRoom } from './fixtures';

const PUBLIC = 'http://10.9.8.7:8080';
test.use({ serverArgs: ['--public-url', PUBLIC] });

test('play a friend: the invitation link and its QR code carry the --public-url address', async ({ page, server }) => {
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Invite a friend' }).click();
  const room = (await page.getByTestId('invitation').getAttribute('data-room'))!;
  expect(room).toMatch(/^[A-Z]{5}$/);
  await expect(page.getByLabel('Link for your friend')).toHaveValue(`${PUBLIC}/r/${room}`);
  await expect(page.getByTestId('invite-qr')).toHaveAttribute('data-text', `${PUBLIC}/r/${room}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('The invitation is withdrawn.')).toBeVisible();
});

test('the waiting room\'s link carries the --public-url address too', async ({ page, server, lobby }) => {
  const ann = await createRoom(lobby, { game: 'classic', seat: 0 });
  expect(ann.url).toBe(`${PUBLIC}/r/${ann.room}`);
  await openRoom(page, server, ann.room, ann.token, 0);
  await expect(page.getByLabel('Join link')).toHaveValue(`${PUBLIC}/r/${ann.room}`);
});

test('the party host screen: the join QR code and the controls link carry the --public-url address', async ({ page, server }) => {
  await page.goto(server.url + '/?party');
  await page.getByRole('button', { name: 'Open the host screen' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}\?host$/);
  const code = /\/r\/([A-Z]{5})/.exec(page.url())![1]!;
  await expect(page.getByTestId('host-qr')).toHaveAttribute('data-text', `${PUBLIC}/r/${code}`);
  // The controls link is for the host's phone: the page's own origin (127.0.0.1 here) would not
  // reach the server from there. Clicked once the room has started and the controls are final.
  await expect(page.getByTestId('host-fire')).toHaveText('Start: fire torpedo 1');
  await page.getByText('Run the controls from another device').click();
  await page.getByRole('button', { name: /Show the controls link/ }).click();
  await expect(page.getByTestId('host-controls-qr')).toHaveAttribute('data-text', new RegExp(`^${PUBLIC.replace(/\./g, '\\.')}/r/${code}\\?controls#k=`));
});
