// axe-core on every screen of every game (placement or opening, play, the end, watching), in
// the light and the dark colour scheme: no serious or critical violations.
// No fixed sleeps: before each axe run the test waits for what that screen must show (`opening`,
// `playing`, `watching`), and after the resignation for the end screen with its result.
import type { Locator, Page } from '@playwright/test';
import { test, createRoom, openRoom, roomClient, expectAxeClean, expect } from './fixtures';

interface Game {
  name: string;
  body: Record<string, unknown>;
  seat: number;
  /** What the player's page shows once the game has started, and once the first move is in. */
  opening(p: Page): Locator;
  playing(p: Page): Locator;
  /** What a spectator's page shows of the game. */
  watching(p: Page): Locator;
  /** The end screen's heading after the player resigned (given the record's winners). */
  ending: RegExp | ((resigned: boolean, winners: number[], me: number) => RegExp);
}

/**
 * With more than two seats a bot takes the resigned seat over and plays on (docs/web.md): the
 * page then names that seat "(in your seat)" if it wins and never says "You". If the game was
 * over before the resignation (the party's bot host fires fast), the page's own result stands.
 */
function takenOver(resigned: boolean, winners: number[], me: number): RegExp {
  if (!resigned) {
    // Over before the resignation: the page's own result, a shared win included.
    if (!winners.includes(me)) return /^You lose: .+ wins?\.$/;
    return winners.length === 1 ? /^You win!$/ : /^You and .+ win\.$/;
  }
  return winners.includes(me) ? /^(?!You).*\(in your seat\).* wins?\.$/ : /^(?!You)(?!.*in your seat).+ wins?\.$/;
}

const twoSeatsResigned = /^You lose: .+ wins \(Ann resigned\)\.$/;
const games: Game[] = [
  {
    name: 'classic',
    body: { game: 'classic', options: { first: 0 }, bots: [{ seat: 1, level: 'easy' }] },
    seat: 0,
    opening: (p) => p.getByRole('button', { name: 'Place fleet' }),
    playing: (p) => p.getByTestId('target-grid'),
    watching: (p) => p.getByTestId('side-grid-1'),
    ending: twoSeatsResigned,
  },
  {
    name: 'salvo with weapons',
    body: { game: 'salvo', options: { first: 0, weapons: 'all' }, bots: [{ seat: 1, level: 'easy' }] },
    seat: 0,
    opening: (p) => p.getByRole('button', { name: 'Place fleet' }),
    playing: (p) => p.getByTestId('target-grid'),
    watching: (p) => p.getByTestId('side-grid-1'),
    ending: twoSeatsResigned,
  },
  {
    name: 'royale advanced',
    body: { game: 'royale', options: { players: 3, mode: 'advanced', first: 0 }, bots: [{ seat: 1, level: 'easy' }, { seat: 2, level: 'easy' }] },
    seat: 0,
    opening: (p) => p.getByTestId('royale-hand'),
    playing: (p) => p.locator('.ry-discards'),
    watching: (p) => p.getByTestId('royale-board'),
    ending: takenOver,
  },
  {
    name: 'crew',
    body: { game: 'crew', options: { players: 2 }, bots: [{ seat: 1, level: 'easy' }] },
    seat: 0,
    opening: (p) => p.getByTestId('crew-dice'),
    playing: (p) => p.locator('[data-testid=crew-log] li').first(),
    watching: (p) => p.getByTestId('crew-status'),
    ending: twoSeatsResigned,
  },
  {
    name: 'party',
    body: { game: 'party', options: { players: 2 }, bots: [{ seat: 0, level: 'easy' }, { seat: 2, level: 'easy' }] },
    seat: 1,
    opening: (p) => p.getByTestId('party-placement'),
    playing: (p) => p.getByTestId('party-board'),
    watching: (p) => p.getByTestId('party-score'),
    ending: takenOver,
  },
];

for (const scheme of ['light', 'dark'] as const) {
  for (const g of games) {
    test(`${g.name}, ${scheme}: opening, play, watching and the end`, async ({ page, browser, server, lobby }) => {
      // The light run scans five screens with axe (a Royale end screen holds every hand and the
      // whole board) and waits for bots to finish the game: 52 s for classic in a CI run, and
      // Royale Advanced ran out of the default 60 s there with its end screen drawn. Every wait
      // inside keeps its own limit.
      test.setTimeout(150_000);
      await page.emulateMedia({ colorScheme: scheme });
      const r = await createRoom(lobby, { ...g.body, seat: g.seat });
      await openRoom(page, server, r.room, r.token, g.seat);
      // The dark scheme changes colours only: its run checks the game's own screens.
      if (scheme === 'light') await expectAxeClean(page, `${g.name} waiting room`);
      const wire = await roomClient(server, r.room, r.token);
      expect((await wire.request({ cmd: 'start' })).type).toBe('started');
      await expect(page.getByTestId('turn')).toBeVisible();
      await expect(g.opening(page)).toBeVisible();
      await expectAxeClean(page, `${g.name} opening`);
      // One move by the protocol's first legal choice, to reach the middle of the game.
      const legal = (await wire.request({ cmd: 'legal' })).legal;
      if (legal?.type === 'place' && g.name !== 'party') {
        await wire.request({ cmd: 'act', action_id: 1, action: { type: 'place', ships: legal.ships.map((_: unknown, i: number) => `${String.fromCharCode(65 + 2 * i)}1 right`) } });
      } else if (legal?.type === 'place') {
        await wire.request({ cmd: 'act', action_id: 1, action: { type: 'place', ships: ['A1 right', 'A2 right', 'A3 right', 'A4 right', 'A5 right', 'A6 right'] } });
      } else if (legal?.actions) {
        const d = legal.actions.find((a: any) => a.type === 'discard');
        if (d) await wire.request({ cmd: 'act', action_id: 1, action: { type: 'discard', cards: d.cards.filter((c: string) => !/U/.test(c)).slice(0, d.count) } });
      } else if (legal?.type === 'turn') {
        await wire.request({ cmd: 'act', action_id: 1, action: { type: 'throw' } });
      }
      await expect(g.playing(page)).toBeVisible();
      await expectAxeClean(page, `${g.name} in play`);
      if (scheme === 'dark') {
        wire.close();
        return;
      }
      const watching = await browser.newContext();
      const watcher = await watching.newPage();
      await watcher.emulateMedia({ colorScheme: scheme });
      await watcher.goto(`${server.url}/watch/${r.room}`);
      await expect(watcher.getByTestId('spectating')).toBeVisible();
      await expect(g.watching(watcher)).toBeVisible();
      await expectAxeClean(watcher, `${g.name} watching`);
      await watching.close();
      const resigned = (await wire.request({ cmd: 'resign' })).type !== 'error';
      await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 30_000 });
      const record = await wire.request({ cmd: 'record' });
      wire.close();
      const winners: number[] = record.record.ended.result?.winners ?? (record.record.ended.winner !== undefined ? [record.record.ended.winner] : []);
      // The end screen with its result (a bot playing on takes a few seconds at most).
      const ending = typeof g.ending === 'function' ? g.ending(resigned, winners, g.seat) : g.ending;
      await expect(page.locator('#over-h')).toHaveText(ending);
      await expect(page.getByTestId('turn')).toContainText('Game over');
      await expectAxeClean(page, `${g.name} after resigning`);
    });
  }
}
