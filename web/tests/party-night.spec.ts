// Party night (issue 20): a host screen and a crowd of phones, each its own browser context,
// against a real server. The host opens /party and gets the host screen (code, QR, counts);
// phones join by the link (a duplicate name and a name with a zero-width character are made
// unique and clean), some place by taps (with Undo), one is removed and cannot come back from the
// same device, the host starts (the rest get random fleets), a late phone only watches, the
// host's phone runs the controls (?controls, token in the link's fragment), a phone reloads
// mid-game and finds its board, the torpedoes fly by click, key and pace to the end (with the
// tiebreak when the draw makes one), the podium and each phone's place; "play again" takes the
// phones along. axe-core on the host and phone screens. SCREENSHOTS=1 also writes
// docs/img/party-host.png and docs/img/party-phone.png.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { resolve } from 'node:path';
import { expect as baseExpect, expectAxeClean, roomClient, test } from './fixtures';

// Twenty-one pages load and act at once on two cores, beside another worker in CI: there a click
// once took 10 s and a phone's join showed 10.2 s after its click, past the suite's 10 s for an
// expectation. The waits here are for the page to catch up, not promises of speed (those are
// benchmarks: docs/performance.md), so this file allows 30 s for each.
const expect = baseExpect.configure({ timeout: 30_000 });

const ordinal = (n: number) => n + (['th', 'st', 'nd', 'rd'][(n % 100 - 20) % 10] ?? ['th', 'st', 'nd', 'rd'][n % 100] ?? 'th');

const PHONES = Number(process.env['PARTY_PHONES'] ?? 20);
const shots = !!process.env['SCREENSHOTS'];
const img = (name: string) => resolve(process.cwd(), '../docs/img', `${name}.png`);

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, deviceScaleFactor: 1 });
  return { context, page: await context.newPage() };
}

// Twenty-one pages in one Chromium on two cores: about 1.8 minutes alone, over 2.5 beside another
// worker in CI (which once ran out of 150 s at torpedo 21), and on a slower machine's fresh-clone
// CI run (2026-11-29, load average 10 to 12) 5.4 minutes to the podium, where it ran out of
// 360 s checking the phones' places. The limit leaves room for that.
test.setTimeout(600_000);

test('party night: a host screen and a crowd of phones play a whole game', async ({ server, page, browser }) => {
  const host = page;
  await host.setViewportSize({ width: 1600, height: 900 });
  const contexts: BrowserContext[] = [];
  try {
    // ---- The host opens a party and gets the big screen.
    await host.goto(server.url + '/?party');
    await host.getByRole('button', { name: 'Open the host screen' }).click();
    await expect(host).toHaveURL(/\/r\/[A-Z]{5}\?host$/);
    const code = /\/r\/([A-Z]{5})/.exec(host.url())![1]!;
    await expect(host.getByTestId('host-code')).toHaveText(code);
    await expect(host.getByTestId('host-qr')).toHaveAttribute('data-text', new RegExp(`/r/${code}$`));
    await expect(host.getByTestId('host-edition')).toContainText('Red Aircraft Carrier');
    await expect(host.getByTestId('host-players')).toHaveText('0');
    await expect(host.getByTestId('host-fire')).toBeDisabled(); // nobody to fire at yet
    await expectAxeClean(host, 'host screen, waiting');

    // ---- Phones join by the link.
    const phones: Page[] = [];
    const names = ['Ann', 'Ann', 'Z\u200bed', ...Array.from({ length: PHONES - 3 }, () => '')];
    for (let i = 0; i < PHONES; ++i) {
      const p = await phone(browser);
      contexts.push(p.context);
      phones.push(p.page);
    }
    await Promise.all(
      phones.map(async (p, i) => {
        await p.goto(`${server.url}/r/${code}`);
        const field = p.getByLabel('Your name');
        await expect(field).not.toHaveValue(''); // a generated name is offered
        if (names[i]) await field.fill(names[i]!);
        await p.getByRole('button', { name: 'Join', exact: true }).click();
        await expect(p.getByTestId('phone-you')).toBeVisible();
      }),
    );
    // Duplicates made unique, the zero-width character stripped.
    const joined = await Promise.all(phones.map((p) => p.getByTestId('phone-you').locator('strong').textContent()));
    expect([joined[0], joined[1]].sort()).toEqual(['Ann', 'Ann 2']); // they joined at once
    expect(joined[2]).toBe('Zed');
    expect(new Set(joined).size).toBe(PHONES);
    await expect(host.getByTestId('host-players')).toHaveText(String(PHONES));
    await expect(host.getByTestId('host-names')).toContainText('Ann 2');

    // ---- Placing: phone 0 by taps with Undo; phone 1 is checked by axe first; half lock in.
    const p0 = phones[0]!;
    const cell = (p: Page, name: string) => p.locator(`[data-testid=party-placement] [data-cell=${name}]`);
    // Each tap waits for the page, as a person does: the board ignores taps while the phone is
    // busy (its Rotate button disabled then), and the tap's ship is waited for after it.
    const rotate = p0.getByRole('button', { name: /^Rotate/ });
    await expect(rotate).toBeEnabled();
    await cell(p0, 'A1').click(); // the Aircraft Carrier, A1-E1
    await expect(cell(p0, 'E1')).toHaveAttribute('aria-label', 'E1, Aircraft Carrier');
    await expect(rotate).toBeEnabled();
    await cell(p0, 'A2').click(); // the Battleship, A2-D2
    await expect(cell(p0, 'D2')).toHaveAttribute('aria-label', 'D2, Battleship');
    await p0.getByRole('button', { name: 'Undo' }).click();
    await expect(cell(p0, 'D2')).toHaveAttribute('aria-label', 'D2, water');
    await expect(cell(p0, 'E1')).toHaveAttribute('aria-label', 'E1, Aircraft Carrier');
    await expectAxeClean(phones[1]!, 'phone, placing');
    const placing = phones.slice(0, Math.ceil(PHONES / 2)).filter((_, i) => i !== 2);
    await Promise.all(
      placing.map(async (p) => {
        await p.getByRole('button', { name: 'Random' }).click();
        await p.getByRole('button', { name: 'Lock in' }).click();
        await expect(p.getByTestId('phone-ready')).toBeVisible();
      }),
    );
    await expect(host.getByTestId('host-ready')).toHaveText(String(placing.length)); // live, by polling

    // ---- The host removes Zed (by typing the name); that phone cannot join again.
    await host.getByTestId('host-remove-who').fill('zed');
    await host.getByTestId('host-remove').click();
    await host.getByTestId('host-remove-confirm').click();
    await expect(host.getByTestId('host-message')).toContainText('Removed Zed');
    const zed = phones[2]!;
    await expect(zed.getByTestId('phone-you')).toHaveCount(0);
    await zed.reload();
    await zed.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(zed.getByTestId('phone-watching').or(zed.getByTestId('phone-message'))).toContainText('removed you');
    await expect(host.getByTestId('host-players')).toHaveText(String(PHONES - 1));

    // ---- Lock and unlock the room.
    await host.getByTestId('host-lock').click();
    await expect(host.getByTestId('host-counts')).toContainText('locked');
    await host.getByTestId('host-lock').click();
    await expect(host.getByTestId('host-counts')).not.toContainText('locked');

    // ---- The host starts: everyone not ready gets a random fleet.
    await expect(host.getByTestId('host-fire')).toHaveText('Start: fire torpedo 1');
    await host.getByTestId('host-fire').click();
    const call = host.getByTestId('host-call');
    await expect(call).toContainText('Torpedo 1 of 30');
    const last = phones[PHONES - 1]!; // never placed
    await expect(last.locator('[data-testid=party-fleet] li')).toHaveCount(6);
    await expect(last.getByTestId('phone-rank')).toContainText(/of \d+( \(tied\))? · \d ships? afloat/);

    // ---- A late phone watches.
    const late = await phone(browser);
    contexts.push(late.context);
    await late.page.goto(`${server.url}/r/${code}`);
    await expect(late.page.getByTestId('phone-watching')).toContainText('already flying');
    await expect(late.page.getByTestId('phone-join')).toHaveCount(0);

    // ---- The host's phone runs the controls (the token in the link's fragment).
    const token = await host.evaluate((c) => JSON.parse(localStorage.getItem('broadside.tokens') ?? '{}')[c].token, code);
    const remote = await phone(browser);
    contexts.push(remote.context);
    await remote.page.goto(`${server.url}/r/${code}?controls#k=${token}`);
    await expect(remote.page.getByTestId('host-mini')).toContainText(`Room ${code}`);
    expect(remote.page.url()).not.toContain('#k=');
    await remote.page.getByTestId('host-fire').click();
    await expect(call).toContainText('Torpedo 2 of 30');
    await remote.context.close();
    await host.getByTestId('host-screen-only').click();
    await expect(host.getByTestId('host-controls')).toHaveCount(0);
    await expect(host).toHaveURL(/\?screen$/);
    await host.getByRole('button', { name: 'Show the controls' }).click();

    // ---- Keys fire; then the automatic pace once, paused.
    // A key fires only once the Fire button is ready (the observation caught up with the last
    // call: party-host-fire.spec.ts); a key pressed before is ignored, so wait as a host would.
    const ready = host.getByTestId('host-fire');
    await host.locator('body').click({ position: { x: 5, y: 5 } });
    await expect(ready).toBeEnabled();
    await host.keyboard.press('Space');
    await expect(call).toContainText('Torpedo 3 of 30');
    await expect(ready).toBeEnabled();
    await host.keyboard.press('Enter');
    await expect(call).toContainText('Torpedo 4 of 30');
    await host.getByTestId('host-pace').selectOption('3');
    // The pace fires in 3 s; a loaded machine has taken 10 s for a click here.
    await expect(call).toContainText('Torpedo 5 of 30', { timeout: 30_000 });
    await host.getByTestId('host-pause').click();
    // Paused: no torpedo for longer than the pace. Which torpedo it stopped at is read after the
    // click, once Pause is drawn and no torpedo is in flight (the fire button is enabled again):
    // on a loaded machine the click can land after the pace fired torpedo 6 or later (CI saw 6).
    await expect(host.getByTestId('host-pause')).toHaveAttribute('aria-pressed', 'true');
    await expect(ready).toBeEnabled();
    const stoppedAt = ((await call.textContent()) ?? '').match(/Torpedo (\d+) of 30/)?.[1];
    expect(Number(stoppedAt)).toBeGreaterThanOrEqual(5);
    await host.waitForTimeout(3500);
    await expect(call).toContainText(`Torpedo ${stoppedAt} of 30`);
    await host.getByTestId('host-pace').selectOption('0');

    // ---- A phone reloads mid-game: its board is as it was.
    await p0.reload();
    await expect(p0.locator('[data-testid=party-board] [aria-label*="torpedo 5,"]')).toHaveCount(1);
    await expect(p0.getByTestId('phone-rank')).toBeVisible();
    await expect(p0.getByTestId('phone-you')).toContainText('Ann');

    // ---- Fire to the end (the tiebreak when the draw makes one).
    const fire = host.getByTestId('host-fire');
    let sawTiebreak = false;
    for (let i = 0; i < 40; ++i) {
      // The last click's answer may still be on its way: wait until the button is ready again
      // (enabled only once the page has caught up) or the game is over (the button goes away).
      await expect(host.locator('[data-testid=host-fire]:enabled').or(host.getByTestId('host-podium')).first()).toBeVisible();
      if (await host.getByTestId('host-podium').isVisible()) break;
      const label = (await fire.textContent()) ?? '';
      const m = /Fire (super )?torpedo (\d+)/.exec(label)!;
      await fire.click();
      // Wait for this torpedo's own call, or the end (a torpedo that ends the game takes the
      // call away for the podium): an earlier call still on screen proves nothing.
      const podium = host.getByTestId('host-podium');
      if (m[1]) {
        sawTiebreak = true;
        const superCall = call.filter({ hasText: `Super torpedo ${m[2]} of 6` });
        await expect(superCall.or(podium).first()).toBeVisible();
        if (await superCall.isVisible()) {
          await expect(host.getByTestId('host-tiebreak')).toContainText('Tiebreak');
          await expect(host.getByTestId('host-call-result')).toContainText(/Eliminated|No one hit/);
        }
      } else {
        const thisCall = call.filter({ hasText: `Torpedo ${m[2]} of 30` });
        await expect(thisCall.or(host.getByTestId('host-tiebreak')).or(podium).first()).toBeVisible();
      }
      if (i === 12 && shots) {
        await host.getByTestId('host-screen-only').click(); // the projector's view
        await host.evaluate(() => window.scrollTo(0, 0));
        await host.waitForTimeout(700);
        await host.screenshot({ path: img('party-host') });
        await host.getByRole('button', { name: 'Show the controls' }).click();
        await phones[3]!.waitForTimeout(300);
        await phones[3]!.screenshot({ path: img('party-phone'), fullPage: true });
      }
      if (i === 10) {
        await expectAxeClean(host, 'host screen, firing');
        await expectAxeClean(phones[3]!, 'phone, firing');
      }
    }
    const podium = host.getByTestId('host-podium');
    await expect(podium).toBeVisible();
    await expect(host.getByTestId('host-winners')).not.toBeEmpty();
    await expect(host.getByTestId('host-board').locator('td.pn-cell-called')).toHaveCount(30);
    console.log(`party night: ${PHONES} phones, tiebreak: ${sawTiebreak}, ${await podium.textContent()}`);
    // Every phone that played has its place, the one the server recorded for its seat (the draw
    // of the torpedoes is the server's, so the test reads each seat's result and expects exactly
    // that heading); the removed one and the late one have none.
    const record = await (await fetch(`${server.url}/rooms/${code}/record`)).json();
    const result = record.ended.result;
    const winners: number[] = result.winners;
    expect(winners.length).toBeGreaterThan(0);
    // The last standing by place: afloat counts at the end, from each seat's own observation.
    await Promise.all(
      phones.map(async (p, i) => {
        if (i === 2) return;
        const mine = await p.evaluate((c) => JSON.parse(localStorage.getItem('broadside.tokens') ?? '{}')[c], code);
        const wire = await roomClient(server, code, mine.token);
        const o = (await wire.request({ cmd: 'observe' })).observation;
        wire.close();
        const won = winners.includes(mine.seat);
        expect(o.my_won).toBe(won);
        const heading = won
          ? winners.length > 1
            ? `You share first place with ${winners.length - 1} other${winners.length > 2 ? 's' : ''}!`
            : 'You win!'
          : o.my_eliminated_by
            ? `You were in the tiebreak, out by super torpedo ${o.my_eliminated_by}.`
            : `Your place: ${ordinal(o.my_rank)} of ${PHONES - 1}.`;
        await expect(p.locator('#pn-end-h')).toHaveText(heading);
      }),
    );
    await expect(late.page.getByTestId('phone-watching')).toHaveCount(0);
    await expect(late.page.getByTestId('phone-end')).toContainText(winners.length > 1 ? 'share the win' : 'wins');
    await expect(late.page.locator('#pn-end-h')).toHaveText('Game over');
    // The result is said once, on the end card: no second "You win" below it, and no rank card
    // left from the firing ("1st of 5 (tied)" beside a tiebreak win).
    for (const p of phones.filter((_, i) => i !== 2)) {
      await expect(p.getByTestId('party-over')).toHaveCount(0);
      await expect(p.getByTestId('phone-rank')).toHaveCount(0);
      const text = (await p.locator('main').textContent()) ?? '';
      expect(text.match(/You win/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
    await expectAxeClean(host, 'host screen, podium');
    await expectAxeClean(phones[1]!, 'phone, the end');

    // ---- Play again: the host gets a new room, the phones follow.
    await host.getByTestId('host-again').click();
    await expect(host).toHaveURL(new RegExp(`/r/(?!${code})[A-Z]{5}\\?host$`));
    const next = /\/r\/([A-Z]{5})/.exec(host.url())![1]!;
    await expect(phones[1]!).toHaveURL(new RegExp(`/r/${next}$`));
    await expect(phones[1]!.getByTestId('phone-you').or(phones[1]!.getByTestId('phone-join'))).toBeVisible();
  } finally {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  }
});
