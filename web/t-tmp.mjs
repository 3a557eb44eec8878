import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (let i = 0; i < 3; i++) {
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
await page.goto('http://127.0.0.1:18090/et/');
await page.waitForTimeout(2500);
console.log(await page.evaluate(() => JSON.stringify({ paint: performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]), js: performance.getEntriesByType('resource').filter((e) => e.name.includes('/assets/index-')).map((e) => Math.round(e.startTime)), lcp: 0 })));
await page.close();
}
await browser.close();
