// "Focus is always visible" (docs/web.md, "Accessibility"), on the screens with buttons that
// show a state of their own: the ship chosen on the placement board, the weapon chosen, the
// host's "Sound: on", "Lock the room" and "Pause" (aria-pressed). Each screen is walked by Tab
// alone, and every element that takes the focus must draw the focus ring: a 3 px solid outline
// in the theme's focus colour. A pressed button once drew its own outline, which hid the ring.
import type { Page } from '@playwright/test';
import { createRoom, expect, openRoom, startRoom, test } from './fixtures';

interface Focused {
  what: string;
  pressed: boolean;
  ring: boolean;
}

/** Tabs through the page (until the focus comes back round or `max` presses) and reads each ring. */
async function tabThrough(page: Page, max = 80): Promise<Focused[]> {
  const seen: Focused[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < max; ++i) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const probe = document.createElement('span');
      probe.style.color = 'var(--focus)';
      document.body.appendChild(probe);
      const focus = getComputedStyle(probe).color;
      probe.remove();
      const s = getComputedStyle(el);
      const key = `${el.tagName}|${el.dataset['testid'] ?? ''}|${el.dataset['cell'] ?? ''}|${el.textContent?.slice(0, 40) ?? ''}`;
      return {
        key,
        what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        pressed: el.getAttribute('aria-pressed') === 'true',
        ring: s.outlineStyle === 'solid' && s.outlineWidth === '3px' && s.outlineColor === focus,
        detail: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} (focus colour ${focus})`,
      };
    });
    if (!f) continue;
    if (keys.has(f.key)) break;
    keys.add(f.key);
    seen.push({ what: `${f.what}: ${f.detail}`, pressed: f.pressed, ring: f.ring });
  }
  return seen;
}

function expectRings(seen: Focused[], where: string): void {
  expect(seen.length, `${where}: elements reached by Tab`).toBeGreaterThan(3);
  expect(seen.filter((f) => f.pressed).length, `${where}: pressed buttons reached by Tab`).toBeGreaterThan(0);
  expect(seen.filter((f) => !f.ring).map((f) => f.what), `${where}: focused elements without the focus ring`).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`focus ring on every control, pressed ones included: placement and weapons (${scheme})`, async ({ server, lobby, browser }) => {
    const page = await (await browser.newContext({ colorScheme: scheme })).newPage();
    const { room, token } = await createRoom(lobby, {
      game: 'classic',
      options: { first: 0, weapons: 'all' },
      seat: 0,
      bots: [{ seat: 1, level: 'easy' }],
    });
    await startRoom(server, room, token);
    await openRoom(page, server, room, token, 0);
    // Placement: the chosen ship's button is pressed.
    await expect(page.getByRole('button', { name: 'Random' })).toBeVisible();
    expectRings(await tabThrough(page), 'placement');
    // Firing: the weapon chosen ("Shot" at first) is pressed.
    await page.getByRole('button', { name: 'Random' }).click();
    await page.getByRole('button', { name: 'Place fleet' }).click();
    await expect(page.getByTestId('turn')).toContainText('Your turn');
    expectRings(await tabThrough(page), 'firing with weapons');
  });
}

test('focus ring on every control of the party host screen, its pressed switches included', async ({ server, lobby, page }) => {
  const { room, token } = await createRoom(lobby, { game: 'party', name: 'Host', options: { seating: 'open', players: 0 }, seat: 0 });
  await openRoom(page, server, room, token, 0);
  await page.goto(`${server.url}/host/${room}`);
  await expect(page.getByTestId('host-screen')).toHaveAttribute('data-phase', 'playing');
  // "Sound: on" is pressed; lock the room so that its button is pressed too.
  await page.getByTestId('host-lock').click();
  await expect(page.getByTestId('host-lock')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('host-code').click(); // away from the buttons: Tab starts from here
  expectRings(await tabThrough(page), 'host screen');
});
