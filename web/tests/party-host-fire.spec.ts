// The host's Fire button names the torpedo it will fire, never one already called. The
// observation that says what comes next (the next number, a super torpedo) arrives after the
// acknowledgement of the last one; here it is held back 800 ms on purpose, and every state the
// button is ever drawn in is recorded: enabled with an old number is the defect (a host firing
// quickly saw "Fire torpedo 15" after torpedo 15 was called).
import { expect, holdBackObservations, openHostWithTwoPlayers, test } from './fixtures';

test('the Fire button is never enabled with the number of a torpedo already called', async ({ server, page }) => {
  await holdBackObservations(page, 800);
  await page.setViewportSize({ width: 1600, height: 900 });
  await openHostWithTwoPlayers(page, server, 'fire');

  // Every state of the button, as drawn.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenFire: string[] }).seenFire = seen;
    const note = () => {
      const b = document.querySelector('[data-testid=host-fire]') as HTMLButtonElement | null;
      const call = document.querySelector('[data-testid=host-call]')?.textContent ?? '';
      if (b) seen.push(`${b.disabled ? 'off' : 'on'}|${b.textContent}|${call}`);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });

  const fire = page.getByTestId('host-fire');
  const call = page.getByTestId('host-call');
  for (let n = 1; n <= 4; ++n) {
    await expect(fire).toBeEnabled();
    await expect(fire).toHaveText(n === 1 ? 'Start: fire torpedo 1' : `Fire torpedo ${n}`);
    await fire.click();
    await expect(call).toContainText(`Torpedo ${n} of 30`);
  }
  await expect(fire).toHaveText('Fire torpedo 5');
  const seen = await page.evaluate(() => (window as unknown as { seenFire: string[] }).seenFire);
  const stale = seen.filter((s) => {
    const [state, label, shown] = s.split('|');
    const next = /torpedo (\d+)/.exec(label ?? '')?.[1];
    const called = /Torpedo (\d+) of 30/.exec(shown ?? '')?.[1];
    return state === 'on' && next !== undefined && called !== undefined && Number(next) <= Number(called);
  });
  expect(stale, `button states seen: ${seen.join(' / ')}`).toEqual([]);
});

// Space or Enter fires as soon as the Fire button is drawn enabled. The key handler used to be
// swapped a frame after each render, so a key pressed in that frame went to the handler of the
// render before, for which firing was not yet allowed, and was lost. Here the key is pressed the
// instant the button is enabled (a MutationObserver, which runs before the next frame).
test('a key pressed the moment Fire is enabled fires', async ({ server, page }) => {
  await openHostWithTwoPlayers(page, server, 'key');
  const fire = page.getByTestId('host-fire');
  const call = page.getByTestId('host-call');
  // Torpedoes 1 and 3 by a click; 2 and 4 by the key pressed as the button comes back.
  for (const n of [1, 3]) {
    await expect(fire).toBeEnabled();
    await page.evaluate(() => {
      const button = document.querySelector('[data-testid=host-fire]') as HTMLButtonElement;
      const observer = new MutationObserver(() => {
        if (button.disabled) return;
        observer.disconnect();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
      });
      observer.observe(button, { attributes: true });
    });
    await fire.click();
    await expect(call).toContainText(`Torpedo ${n + 1} of 30`);
  }
});
