import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const pages = JSON.parse(process.argv[2]);
for (const width of [412, 1280]) for (const js of [false, true]) {
  const ctx = await browser.newContext({ viewport: { width, height: 823 }, javaScriptEnabled: js });
  const page = await ctx.newPage();
  for (const [name, path] of pages) {
    await page.goto('http://127.0.0.1:18090/' + path);
    if (js) { await page.waitForSelector('main h1'); await page.waitForTimeout(1500); }
    await page.screenshot({ path: `/tmp/lh/shot-${name}-${width}-${js ? 'app' : 'static'}.png` });
  }
  await ctx.close();
}
await browser.close();
