// A shot's event reaches the page before the observation that follows it. Until that observation
// arrives, the page's legal actions and target grid are those of before the shot: it must not
// act on them (a second click on the cell just fired at went to the server, which refused it;
// a browser test that fired quickly clicked the same cell twice this way). Observation replies
// are held back 800 ms here, so that every shot meets that window.
import { createRoom, expect, holdBackObservations, openRoom, placeRandomFleet, startRoom, test } from './fixtures';

test('nothing is fired while the observation is older than the events shown', async ({ server, lobby, page }) => {
  test.setTimeout(90_000);
  await holdBackObservations(page, 800);
  const { room, token } = await createRoom(lobby, {
    game: 'classic',
    options: { rows: 8, cols: 8, first: 0 },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  await placeRandomFleet(page);

  const target = page.locator('[data-testid=target-grid]');
  const alert = page.getByRole('alert');
  for (let i = 0; i < 5; ++i) {
    await expect(page.locator('[data-testid=turn]')).toContainText('Your turn', { timeout: 20_000 });
    const cell = target.locator('[aria-label*="not fired at"]').first();
    const name = (await cell.getAttribute('data-cell'))!;
    await cell.click();
    await expect(page.getByTestId('shot-log')).toContainText(`You fired at ${name}:`);
    // At once again, while the observation that shows the shot is held back: the page must not
    // send it (the server would refuse a cell fired at already).
    await target.locator(`[data-cell=${name}]`).click();
    await expect(target.locator(`[data-cell=${name}]`)).not.toHaveAttribute('aria-label', /not fired at/);
    await expect(alert).toHaveCount(0);
  }
});
