// The optional weapons against a bot, through the UI: a Tactical Nuke (its 13-cell pattern
// previewed first), a Torpedo from a corner (the heading chooser and its path), the Experimental
// Weapon with its blast, and a SCUBA attack; each weapon event is in the log with its dice; then
// plain shots by click to the end, and the end screen with the result the server recorded.
import type { Page } from '@playwright/test';
import { createRoom, expect, openRoom, roomClient, startRoom, test } from './fixtures';

const fleet = [
  { name: 'Carrier', length: 4 },
  { name: 'Submarine', length: 3 },
  { name: 'Destroyer', length: 2 },
];

const target = (p: Page) => p.locator('[data-testid=target-grid]');
const log = (p: Page) => p.locator('[data-testid=shot-log]');

async function myTurn(p: Page): Promise<void> {
  await expect(p.locator('[data-testid=turn]')).toContainText('Your turn', { timeout: 20_000 });
  await expect(p.getByRole('button', { name: /^Shot$/ })).toBeEnabled();
}

test('weapons: nuke, torpedo, experimental blast and SCUBA through the UI', async ({ server, lobby, page }) => {
  // A whole game against a bot: 43 s in CI beside another worker, over 60 s on a busier machine.
  test.setTimeout(150_000);
  const { room, token } = await createRoom(lobby, {
    game: 'classic',
    options: { rows: 8, cols: 8, fleet, first: 0, weapons: 'all' },
    seat: 0,
    bots: [{ seat: 1, level: 'easy' }],
  });
  await startRoom(server, room, token);
  await openRoom(page, server, room, token, 0);
  await page.getByRole('button', { name: 'Random' }).click();
  await page.getByRole('button', { name: 'Place fleet' }).click();

  // Tactical Nuke: the diamond shows around the chosen centre before anything is fired.
  await myTurn(page);
  const nuke = page.locator('button[data-weapon=nuke]');
  await expect(nuke).toContainText('1 left');
  await nuke.click();
  await target(page).locator('[data-cell=D4]').click();
  await expect(target(page).locator('[aria-label*="Tactical Nuke\'s pattern"]')).toHaveCount(13);
  await expect(target(page).locator('[data-cell=B4]')).toHaveAttribute('aria-label', /pattern/);
  await expect(target(page).locator('[data-cell=B3]')).not.toHaveAttribute('aria-label', /pattern/);
  await expect(log(page)).not.toContainText('Tactical Nuke');
  // Launched at the corner H8, not D4: a roll of 20 turns the nuke into a whole square around its
  // centre, and B2-F6 can hold the bot's entire fleet (the game would end here, about one run in
  // 700); F6-H8 cannot hold its four-cell ship (and stays clear of the torpedo's row A below).
  await target(page).locator('[data-cell=H8]').click();
  await expect(target(page).locator('[data-cell=H8]')).toHaveAttribute('aria-label', /pattern/);
  await page.getByRole('button', { name: 'Launch Tactical Nuke at H8' }).click();
  // A failed nuke strikes nothing, so its event names no cell to show as the centre.
  await expect(log(page)).toContainText(/You used Tactical Nuke( at H8)? \(d20: rolled \d+\)/);

  // Torpedo from the corner A1: it needs a heading, and its path is previewed.
  await myTurn(page);
  await expect(nuke).toBeDisabled();
  await expect(nuke).toContainText('0 left');
  await page.locator('button[data-weapon=torpedo]').click();
  await target(page).locator('[data-cell=A1]').click();
  const launch = page.getByRole('button', { name: /Launch Torpedo at A1/ });
  await expect(launch).toBeDisabled();
  await page.getByRole('button', { name: 'right', exact: true }).click();
  await expect(target(page).locator('[data-cell=A8]')).toHaveAttribute('aria-label', /torpedo's path/);
  await expect(target(page).locator('[data-cell=B1]')).not.toHaveAttribute('aria-label', /torpedo's path/);
  await launch.click();
  await expect(log(page)).toContainText(/You used Torpedo at A1 heading right: (hits|misses)/);

  // Experimental Weapon: the D6 roll, then a blast of that many touching cells. Cells taken in
  // reading order always touch (each new one lies below or beside one already taken).
  await myTurn(page);
  await page.locator('button[data-weapon=experimental]').click();
  await page.getByRole('button', { name: 'Use Experimental Weapon' }).click();
  await expect(log(page)).toContainText(/You used Experimental Weapon \(d6: rolled [\d, ]+/);
  const prompt = page.getByText(/Blast: choose \d+ touching cell/);
  await expect(prompt).toBeVisible();
  const size = Number(/choose (\d+)/.exec((await prompt.textContent())!)![1]);
  const fire = page.getByRole('button', { name: 'Fire blast' });
  for (let i = 0; i < size; ++i) {
    await expect(fire).toBeDisabled();
    await target(page).locator('[data-cell]').nth(i).click();
  }
  await fire.click();
  await expect(log(page)).toContainText('You blasted');

  // SCUBA Attack: no cell; the roll and what it did are shown.
  await myTurn(page);
  await page.locator('button[data-weapon=scuba]').click();
  await page.getByRole('button', { name: 'Use SCUBA Attack' }).click();
  await expect(log(page)).toContainText(/You used SCUBA Attack \(d20: rolled \d+\): (fails|destroys|captures)/);
  const text = (await log(page).textContent())!;
  if (/SCUBA Attack[^.]*: captures/.test(text)) {
    // A captured ship changes sides: the enemy's list and yours both say so.
    await expect(page.getByText('captured: your prize')).toBeVisible();
    await expect(page.getByText('your prize, captured from the enemy')).toBeVisible();
  }

  // Plain shots, a click on the first cell not fired at, until the game ends (whoever wins: the
  // bot fires too, and the weapons' dice decide much).
  const over = page.getByTestId('game-over');
  const turn = page.locator('[data-testid=turn]');
  for (let i = 0; i < 64 && !(await over.isVisible()); ++i) {
    await expect(turn).toContainText(/Your turn|Game over/, { timeout: 20_000 });
    if (await over.isVisible()) break;
    const before = (await log(page).textContent()) ?? '';
    const cell = target(page).locator('[aria-label*="not fired at"]').first();
    if ((await cell.count()) === 0) break;
    // The turn line may be an observation behind: the bot's winning shot can end the game now,
    // and the Shot button then goes away instead of becoming enabled.
    const shot = page.getByRole('button', { name: /^Shot$/ });
    await expect.poll(async () => (await over.isVisible()) || (await shot.isEnabled({ timeout: 100 }).catch(() => false)), { timeout: 20_000 }).toBe(true);
    if (await over.isVisible()) break;
    await cell.click();
    await expect(log(page)).not.toHaveText(before);
  }
  await expect(over).toBeVisible();
  // The heading says the result the server recorded, and both fleets are shown at the end.
  const wire = await roomClient(server, room, token);
  const ended = (await wire.request({ cmd: 'record' })).record.ended;
  wire.close();
  expect(ended.by).toBe('game');
  const winner = ended.winner ?? ended.result?.winner;
  expect([0, 1]).toContain(winner);
  await expect(page.locator('#over-h')).toHaveText(winner === 0 ? 'You win!' : /^You lose: .+ wins\.$/);
  await expect(turn).toContainText('Game over');
});
