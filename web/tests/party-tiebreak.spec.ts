// The tiebreak on the host screen, every run: three players place the same fleet, so after the
// 30th torpedo they are tied with the same ships afloat whatever the draw, and the super
// torpedoes decide (docs/rules/party.md). The phones play over the protocol; the host screen
// fires and shows the tiebreak and the podium.
import { test, expect, roomClient } from './fixtures';

const sameFleet = ['A1 right', 'A2 right', 'A3 right', 'A4 right', 'A5 right', 'A6 right'];

test('a tie at the count goes to super torpedoes on the host screen, then the podium', async ({ server, page }) => {
  // Thirty-odd clicks, each waiting for the page: 38 s in a fresh-clone CI run, and on a slower
  // machine beside party night's 21 pages more than 90 s (2026-11-29). Each wait keeps its limit.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto(server.url + '/?party');
  await page.getByRole('button', { name: 'Open the host screen' }).click();
  await expect(page).toHaveURL(/\/r\/[A-Z]{5}\?host$/);
  const code = /\/r\/([A-Z]{5})/.exec(page.url())![1]!;
  await expect(page.getByTestId('host-fire')).toBeDisabled(); // nobody to fire at yet
  // Fleets are placed once the host screen has started the room (it does so on opening).
  await expect(page.getByTestId('host-screen')).toHaveAttribute('data-phase', 'playing');

  const phones = [];
  for (const name of ['Ann', 'Bob', 'Cat']) {
    const phone = await roomClient(server, code);
    const joined = await phone.request({ cmd: 'join', name, device: `tie-${name}` });
    expect(joined.type).toBe('joined');
    const placed = await phone.request({ cmd: 'act', action_id: 'place', action: { type: 'place', ships: sameFleet } });
    expect(placed.type).toBe('acted');
    phones.push(phone);
  }
  await expect(page.getByTestId('host-players')).toHaveText('3');
  // A party room's tab is named by its edition, on the host screen too (docs/web.md, "Playing").
  await expect(page).toHaveTitle(`Rainbow Armada (party) ${code} · host screen · Broadside`);

  const fire = page.getByTestId('host-fire');
  const podium = page.getByTestId('host-podium');
  let supers = 0;
  for (let i = 0; i < 40 && !(await podium.isVisible()); ++i) {
    // The last click's answer may still be on its way: wait until the button is ready again
    // (enabled only once the page has caught up) or the game is over (the button goes away).
    await expect(page.locator('[data-testid=host-fire]:enabled').or(podium).first()).toBeVisible();
    if (await podium.isVisible()) break;
    const label = (await fire.textContent()) ?? '';
    await fire.click();
    if (/super/i.test(label)) {
      ++supers;
      await expect(page.getByTestId('host-call').or(podium).first()).toBeVisible();
    } else if (/torpedo 30\b/.test(label)) {
      // The count: all three have the same ships afloat, so the tiebreak begins, and the banner
      // names who is still in (docs/web.md: "the players still in and the eliminated by name").
      await expect(page.getByTestId('host-tiebreak')).toContainText('Tiebreak');
      await expect(page.getByTestId('host-still-in')).toHaveText('Still in: 3 (Ann, Bob and Cat)');
    }
  }
  expect(supers).toBeGreaterThan(0);
  await expect(podium).toBeVisible();
  await expect(page.getByTestId('host-winners')).not.toBeEmpty();
  // Each phone heard the tiebreak as its own: tied, then still in or eliminated.
  const seen = await phones[0]!.request({ cmd: 'events', after: 0 });
  const tiebreak = seen.events.find((e: any) => e.type === 'tiebreak_starts');
  expect(tiebreak.you_tied).toBe(true);
  expect(seen.events.some((e: any) => e.type === 'super_torpedo' && ['eliminated', 'still_in'].includes(e.you))).toBe(true);
  for (const p of phones) p.close();
});
