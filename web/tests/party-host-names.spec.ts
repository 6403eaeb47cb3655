// The host screen's wall of names shows the latest to join, newest first, "the same size at 10
// or 10,000 players" (docs/web.md, "The host screen"). A party of more than 64 players lists only
// its first 65 seats in the room summary (docs/server.md): the wall once stuck at seats 41 to 64
// while players went on joining.
import { createRoom, expect, openRoom, roomClient, test } from './fixtures';

test('past 64 players the wall of names still shows the latest to join', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, { game: 'party', name: 'Host', options: { seating: 'open', players: 0 }, seat: 0 });
  await openRoom(page, server, room, token, 0);
  await page.goto(`${server.url}/host/${room}`);
  await expect(page.getByTestId('host-screen')).toHaveAttribute('data-phase', 'playing');

  const joined = 70;
  const name = (i: number) => `Sailor ${String(i).padStart(2, '0')}`;
  for (let i = 1; i <= joined; ++i) {
    const phone = await roomClient(server, room);
    const answer = await phone.request({ cmd: 'join', name: name(i), device: `names-${i}` });
    phone.close();
    expect(answer.type, JSON.stringify(answer)).toBe('joined');
  }
  await expect(page.getByTestId('host-players')).toHaveText(String(joined));
  const wall = page.getByTestId('host-names').locator('li');
  await expect(wall).toHaveCount(24);
  await expect(wall.first()).toHaveText(name(joined));
  await expect(wall.last()).toHaveText(name(joined - 23));
});
