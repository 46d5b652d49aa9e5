// Takes screenshots of screens at a phone and a desktop size, for a look before calling a screen done.
// Usage: npx tsx scripts/screenshots.ts http://localhost:5000 /tmp/shots / /register ...
// Set SHOT_LOGIN=email:password to sign in first.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';

const [base = 'http://localhost:5000', out = '/tmp/shots', ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const viewports: Record<string, { width: number; height: number }> = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};
for (const [name, viewport] of Object.entries(viewports)) {
  for (const scheme of (process.env.SHOT_SCHEMES ?? 'light').split(',')) {
    const context = await browser.newContext({
      viewport,
      colorScheme: scheme as 'light' | 'dark',
      deviceScaleFactor: 1,
      isMobile: name === 'phone',
      hasTouch: name === 'phone',
    });
    const page = await context.newPage();
    page.on(
      'console',
      (m) => m.type() === 'error' && console.log(`[console.error ${name}]`, m.text()),
    );
    page.on('pageerror', (e) => console.log(`[pageerror ${name}]`, e.message));
    if (process.env.SHOT_LOGIN) {
      const [email, password] = process.env.SHOT_LOGIN.split(':') as [string, string];
      await page.request.post(`${base}/api/auth/login`, { data: { email, password } });
    }
    for (const path of paths.length ? paths : ['/']) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      const file = `${out}/${name}-${scheme}${path.replace(/[^a-z0-9]+/gi, '_')}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
