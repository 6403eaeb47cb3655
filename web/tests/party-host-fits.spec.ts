// The party host screen fits a projector without scrolling (issue 32): at 1280x720 and
// 1920x1080, waiting for players, while firing and in a tiebreak (with its names), the room code, the QR code, the called cell
// (or the waiting call), the counts and the Fire button are all inside the viewport, and the page
// is no taller than the window, whatever the room's code.
import type { Page } from '@playwright/test';
import { expect, roomClient, test } from './fixtures';

const parts = ['host-code', 'host-qr', 'host-call', 'host-counts', 'host-fire'];

async function fits(page: Page, where: string): Promise<void> {
  const size = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollHeight,
    wide: document.scrollingElement!.scrollWidth,
    h: innerHeight,
    w: innerWidth,
  }));
  expect(size.scroll, `${where}: page height`).toBeLessThanOrEqual(size.h);
  expect(size.wide, `${where}: page width`).toBeLessThanOrEqual(size.w);
  for (const id of parts) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box, `${where}: ${id} drawn`).not.toBeNull();
    const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= size.w + 0.5 && box.y + box.height <= size.h + 0.5;
    expect(inside, `${where}: ${id} at ${JSON.stringify(box)} inside ${size.w}x${size.h}`).toBe(true);
  }
  // Nothing of the display runs under the controls bar.
  const bar = (await page.getByTestId('host-controls').boundingBox())!;
  const shown = [
    ...parts.filter((p) => p !== 'host-fire'),
    ...(where === 'firing' ? ['host-score', 'host-board', 'host-edition'] : []),
    ...(where.startsWith('tiebreak') ? ['host-tiebreak', 'host-board', 'host-edition'] : []),
  ];
  for (const id of shown) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.y + box.height, `${where}: ${id} above the controls`).toBeLessThanOrEqual(bar.y + 0.5);
  }
  // Room codes are random, so the widest ones are tried on every screen: a code of Ws or Ms in a
  // proportional bold face ran 3 px past a 1280-wide window (and into the next column) in CI.
  const real = await page.getByTestId('host-code').textContent();
  for (const code of ['WWWWW', 'MMMMM']) {
    const drawn = await page.getByTestId('host-code').evaluate((e, code) => {
      e.textContent = code;
      const column = e.closest('.pn-col')!.getBoundingClientRect();
      const box = e.getBoundingClientRect();
      return { wide: document.scrollingElement!.scrollWidth, right: box.left + e.scrollWidth, column: column.right };
    }, code);
    expect(drawn.wide, `${where}: page width with code ${code}`).toBeLessThanOrEqual(size.w);
    expect(drawn.right, `${where}: code ${code} inside its column`).toBeLessThanOrEqual(drawn.column + 0.5);
  }
  await page.getByTestId('host-code').evaluate((e, real) => void (e.textContent = real), real);
  // Readable from the back of a room: the called cell and the code are big.
  const px = async (sel: string) => page.locator(sel).first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(await px('[data-testid=host-code]'), `${where}: code size`).toBeGreaterThanOrEqual(size.h / 14);
}

for (const [w, h] of [
  [1280, 720],
  [1920, 1080],
] as const) {
  test(`the host screen fits ${w}x${h} waiting and firing`, async ({ server, page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(server.url + '/?party');
    await page.getByRole('button', { name: 'Open the host screen' }).click();
    await expect(page).toHaveURL(/\/r\/[A-Z]{5}\?host$/);
    const code = /\/r\/([A-Z]{5})/.exec(page.url())![1]!;
    for (const name of ['Ann Longname-Somebody', 'Bob', 'Carmen', 'Dmitri']) {
      const phone = await roomClient(server, code);
      expect((await phone.request({ cmd: 'join', name, device: `fit-${name}` })).type).toBe('joined');
    }
    await expect(page.getByTestId('host-players')).toHaveText('4');
    await fits(page, "waiting");
    const fire = page.getByTestId('host-fire');
    for (let n = 1; n <= 3; ++n) {
      await expect(fire).toBeEnabled();
      await fire.click();
      await expect(page.getByTestId('host-call')).toContainText(`Torpedo ${n} of 30`);
    }
    // Measured once the observation after the third call is in (the scoreboard comes with it).
    await expect(fire).toBeEnabled();
    await fits(page, "firing");
    expect(await page.locator('.pn-call-cell').evaluate((e) => parseFloat(getComputedStyle(e).fontSize))).toBeGreaterThanOrEqual(h / 8);
  });
}

const sameFleet = ['A1 right', 'A2 right', 'A3 right', 'A4 right', 'A5 right', 'A6 right'];

for (const [w, h] of [
  [1280, 720],
  [1920, 1080],
] as const) {
  test(`the host screen fits ${w}x${h} in a tiebreak, its names shown`, async ({ server, page }) => {
    // 1.7 min in a fresh-clone CI run on a slow, loaded machine (2026-11-29).
    test.setTimeout(240_000);
    await page.setViewportSize({ width: w, height: h });
    await page.goto(server.url + '/?party');
    await page.getByRole('button', { name: 'Open the host screen' }).click();
    await expect(page).toHaveURL(/\/r\/[A-Z]{5}\?host$/);
    const code = /\/r\/([A-Z]{5})/.exec(page.url())![1]!;
    // Fleets are placed once the host screen has started the room (it does so on opening).
    await expect(page.getByTestId('host-screen')).toHaveAttribute('data-phase', 'playing');
    // The same fleet for everyone: a tie at the count whatever the draw (party-tiebreak.spec.ts).
    const names = ['Crimson Pelican 44', 'Golden Walrus 97', 'Silver Marlin 12', 'Orange Squid 10', 'Green Turtle 55'];
    for (const name of names) {
      const phone = await roomClient(server, code);
      expect((await phone.request({ cmd: 'join', name, device: `tie-${name}` })).type).toBe('joined');
      expect((await phone.request({ cmd: 'act', action_id: 'place', action: { type: 'place', ships: sameFleet } })).type).toBe('acted');
    }
    const fire = page.getByTestId('host-fire');
    for (let n = 1; n <= 30; ++n) {
      await expect(page.locator('[data-testid=host-fire]:enabled')).toBeVisible();
      await fire.click();
      await expect(page.getByTestId('host-call')).toContainText(`Torpedo ${n} of 30`);
    }
    await expect(page.getByTestId('host-still-in')).toHaveText('Still in: 5 (Crimson Pelican 44, Golden Walrus 97, Silver Marlin 12 and 2 more)');
    await fits(page, 'tiebreak');
    // The longest the tiebreak can say: both lists at their cap of names (a table of up to 64,
    // where the protocol still lists the seats), and a super torpedo's call naming its eliminated.
    await page.getByTestId('host-tiebreak-names').evaluate((e) => {
      e.textContent = 'Still in: 60 (Crimson Pelican 44, Golden Walrus 97, Silver Marlin 12 and 57 more) · eliminated: 40 (Orange Squid 10, Green Turtle 55, Coral Heron 31 and 37 more).';
    });
    await page.locator('.pn-call-what').evaluate((e) => void (e.textContent = 'Super torpedo 3 of 6'));
    await page.getByTestId('host-call-result').evaluate((e) => {
      e.classList.add('pn-call-names');
      e.textContent = 'Eliminated: Crimson Pelican 44, Golden Walrus 97, Silver Marlin 12 and 37 more';
    });
    await fits(page, 'tiebreak, the longest names');
  });
}
