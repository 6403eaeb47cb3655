// The boards' looks, pixel for pixel (issue 32 item 6): every game's board drawn from a fixed
// game (a committed record, tests/boards/*.json, replayed on /replay at a fixed move and seat),
// at a fixed viewport, with animations off (reducedMotion) and a fixed colour scheme. A change
// to a board's style fails here until the baselines are updated on purpose (docs/web.md, "Tests":
// `npx playwright test tests/boards-screens.spec.ts --update-snapshots`, then look at each new
// picture under tests/boards-screens.spec.ts-snapshots/ before committing it). Mid-game on the
// desktop, light (Royale also dark); every game again on a 360 px phone, dark (Royale light):
// the matrix in docs/web.md.
import { test } from './fixtures';
import { desktop, phone, replayAt, shot } from './screens';

test.describe('desktop', () => {
  test.use({ ...desktop, colorScheme: 'light' });

  test('classic: both oceans mid-game, hulls, hits, sunk ships, the latest shots, the key', async ({ page, server }) => {
    await replayAt(page, server, 'classic', 0, 60);
    await shot(page.locator('.cl-boards'), 'classic-boards.png');
    await shot(page.getByTestId('board-legend'), 'classic-key.png');
  });

  test('classic with weapons: a weapon strike on the boards', async ({ page, server }) => {
    await replayAt(page, server, 'weapons', 0, 14);
    await shot(page.locator('.cl-boards'), 'weapons-boards.png');
  });

  test('Royale: the shared grid with your cards as hulls, the latest shot of each seat numbered', async ({ page, server }) => {
    await replayAt(page, server, 'royale', 1, 40);
    await shot(page.locator('.ry-board'), 'royale-board.png');
    await shot(page.getByTestId('royale-seats'), 'royale-seats.png');
  });

  test('Royale in the dark theme', async ({ page, server }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await replayAt(page, server, 'royale', 1, 40);
    await shot(page.getByTestId('royale-board'), 'royale-board-dark.png');
  });

  test('the dice game: dice faces, kept dice set aside', async ({ page, server }) => {
    await replayAt(page, server, 'crew', 0, 5);
    await shot(page.getByTestId('crew-dice'), 'crew-dice.png');
  });

  test("the party game: a player's sea with the calls, the latest one, the key", async ({ page, server }) => {
    await replayAt(page, server, 'party', 1, 20);
    await shot(page.locator('.pt-board'), 'party-board.png');
  });
});

// The same moves on a phone: the whole game view (boards stacked, the key, the logs), so the
// phone's layout is checked too, not only the boards.
test.describe('phone', () => {
  test.use({ ...phone, colorScheme: 'dark' });
  const games: Array<[string, string, number, number, 'light' | 'dark']> = [
    ['classic', 'classic', 0, 60, 'dark'],
    ['classic with weapons', 'weapons', 0, 14, 'dark'],
    ['Royale', 'royale', 1, 40, 'light'],
    ['the dice game', 'crew', 0, 5, 'dark'],
    ['the party game', 'party', 1, 20, 'dark'],
  ];
  for (const [title, name, seat, move, scheme] of games) {
    test(`${title} mid-game on a 360 px phone, ${scheme}`, async ({ page, server }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await replayAt(page, server, name, seat, move);
      await shot(page.getByTestId('replay'), `${name}-mid-360-${scheme}.png`);
    });
  }
});
