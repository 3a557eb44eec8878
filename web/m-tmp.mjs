import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const js of [false, true]) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: js });
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:18090/et/vacancies');
  await page.waitForTimeout(js ? 3000 : 300);
  console.log(js ? 'app' : 'static', JSON.stringify(await page.evaluate(() => {
    const a = document.querySelector('main article');
    const r = a.getBoundingClientRect();
    const col = a.querySelector('.vk-hit-body') ?? a.firstElementChild.children[1];
    return { top: r.top, h: r.height, pad: getComputedStyle(a).padding, kids: [...col.children].map((c) => [c.tagName, Math.round(c.getBoundingClientRect().height * 10) / 10, getComputedStyle(c).lineHeight, getComputedStyle(c).fontSize]) };
  })));
  await ctx.close();
}
await browser.close();
