// axe-core on every screen of every game (placement or opening, play, the end, watching), in
// the light and the dark colour scheme: no serious or critical violations.
import { test, createRoom, openRoom, roomClient, expectAxeClean, expect } from './fixtures';

const games: Array<{ name: string; body: Record<string, unknown>; seat: number }> = [
  { name: 'classic', body: { game: 'classic', options: { first: 0 }, bots: [{ seat: 1, level: 'easy' }] }, seat: 0 },
  { name: 'salvo with weapons', body: { game: 'salvo', options: { first: 0, weapons: 'all' }, bots: [{ seat: 1, level: 'easy' }] }, seat: 0 },
  { name: 'royale advanced', body: { game: 'royale', options: { players: 3, mode: 'advanced', first: 0 }, bots: [{ seat: 1, level: 'easy' }, { seat: 2, level: 'easy' }] }, seat: 0 },
  { name: 'crew', body: { game: 'crew', options: { players: 2 }, bots: [{ seat: 1, level: 'easy' }] }, seat: 0 },
  { name: 'party', body: { game: 'party', options: { players: 2 }, bots: [{ seat: 0, level: 'easy' }, { seat: 2, level: 'easy' }] }, seat: 1 },
];

for (const scheme of ['light', 'dark'] as const) {
  for (const g of games) {
    test(`${g.name}, ${scheme}: opening, play, watching and the end`, async ({ page, browser, server, lobby }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const r = await createRoom(lobby, { ...g.body, seat: g.seat });
      await openRoom(page, server, r.room, r.token, g.seat);
      // The dark scheme changes colours only: its run checks the game's own screens.
      if (scheme === 'light') await expectAxeClean(page, `${g.name} waiting room`);
      const wire = await roomClient(server, r.room, r.token);
      expect((await wire.request({ cmd: 'start' })).type).toBe('started');
      await expect(page.getByTestId('turn')).toBeVisible();
      await page.waitForTimeout(300);
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
      await page.waitForTimeout(500);
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
      await watcher.waitForTimeout(300);
      await expectAxeClean(watcher, `${g.name} watching`);
      await watching.close();
      await wire.request({ cmd: 'resign' });
      wire.close();
      await expect(page.getByTestId('turn')).toContainText(/Game over|Waiting|Your turn/);
      await page.waitForTimeout(500);
      await expectAxeClean(page, `${g.name} after resigning`);
    });
  }
}
