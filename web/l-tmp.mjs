import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
await page.addInitScript(() => {
  window.__lcp = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp.push([Math.round(e.startTime), e.size, e.element ? e.element.tagName + '.' + e.element.className.slice(0, 20) : null, e.url.slice(-20)]); }).observe({ type: 'largest-contentful-paint', buffered: true });
});
await page.goto('http://127.0.0.1:18090/' + process.argv[2]);
await page.waitForTimeout(3000);
console.log(JSON.stringify(await page.evaluate(() => window.__lcp)));
console.log(await page.evaluate(() => { const a = document.querySelector('main article'); const r = a.getBoundingClientRect(); return [r.top, r.height, r.width]; }));
await browser.close();
