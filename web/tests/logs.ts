// A game's log shows its latest lines whole, and the earlier ones on request (web/src/ui/LogList.tsx):
// a test that reads the whole log asks for every line first.
import type { Locator, Page } from '@playwright/test';

export async function wholeLog(page: Page, testId: string): Promise<Locator> {
  const log = page.getByTestId(testId);
  const more = page.getByRole('button', { name: /^Show \d+ earlier lines?$/ });
  if (await more.count()) await more.first().click();
  return log;
}
