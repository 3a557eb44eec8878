import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const js of [false, true]) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: js });
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:18090/et/vacancies');
  await page.waitForTimeout(js ? 3000 : 300);
  console.log(js ? 'app   ' : 'static', JSON.stringify(await page.evaluate(() => {
    const t = (e) => e ? [Math.round(e.getBoundingClientRect().top * 100) / 100, Math.round(e.getBoundingClientRect().height * 100) / 100] : null;
    const h1 = document.querySelector('main h1');
    const lead = h1.nextElementSibling ?? h1.parentElement.nextElementSibling;
    const count = [...document.querySelectorAll('main p')].find((p) => /Leitud/.test(p.textContent));
    const inputs = [...document.querySelectorAll('main input, main .vk-field span')].map(t);
    return { h1: t(h1), lead: t(document.querySelector('main h1 + p, .vk-lead')), count: t(count), inputs, art: t(document.querySelector('main article')) };
  })));
  await ctx.close();
}
await browser.close();
