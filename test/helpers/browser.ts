// Headless Debian Chromium driven by playwright-core (which downloads no browser of its own).
import { chromium, type Browser, type Page } from 'playwright-core';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Running as root needs --no-sandbox; the rest keeps Chromium off the (closed) network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A new tab, and the console errors it logs (a page without script should log none). */
export async function newTab(browser: Browser): Promise<{ tab: Page; errors: string[] }> {
  const tab = await browser.newPage();
  const errors: string[] = [];
  tab.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { tab, errors };
}
