import { expect, type Page, test } from '@playwright/test';

import { MAP_TILES, newEmail, registerApplicant, servePlaceholderTiles } from './helpers';

const found = (page: Page) => page.getByText(/^Vacancies found: \d+$/);
const count = async (page: Page) => Number((await found(page).textContent())?.match(/\d+/)?.[0]);
const cards = (page: Page) => page.getByRole('article');

test('search by text and a category; the URL round-trips; back restores; paging', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/vacancies');
  await expect(page.getByRole('heading', { name: 'Vacancies in Estonia' })).toBeVisible();
  await expect(found(page)).toBeVisible();
  const all = await count(page);
  expect(all).toBeGreaterThan(20);
  await expect(cards(page)).toHaveCount(20);

  await page.getByLabel('Job title or keyword').fill('engineer');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/vacancies\?occupation=engineer$/);
  await expect.poll(() => count(page)).toBeLessThan(all);
  const byText = await count(page);
  expect(byText).toBeGreaterThan(0);

  await page.getByRole('checkbox', { name: /Remote work/ }).check();
  await expect(page).toHaveURL(/occupation=engineer&remoteWork=true$/);
  await expect.poll(() => count(page)).toBeLessThan(byText);
  const filtered = await count(page);

  // the URL alone gives the same search
  const url = page.url();
  await page.goto('about:blank');
  await page.goto(url);
  await expect(page.getByLabel('Job title or keyword')).toHaveValue('engineer');
  await expect(page.getByRole('checkbox', { name: /Remote work/ })).toBeChecked();
  await expect.poll(() => count(page)).toBe(filtered);

  // back restores the previous search
  await page.goto('/en/vacancies?cityCode=0784');
  await expect(page.getByRole('heading', { name: 'Vacancies in Tallinn' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(url);
  await expect.poll(() => count(page)).toBe(filtered);

  // paging: the first page leaves the URL, the second is page=1
  await page.goto('/en/vacancies');
  await expect(cards(page)).toHaveCount(20);
  const firstTitle = await cards(page).first().getByRole('link').first().textContent();
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/en\/vacancies\?page=1$/);
  await expect(cards(page).first().getByRole('link').first()).not.toHaveText(firstTitle ?? '');
  await pager.getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/vacancies$/);
  await page.goBack();
  await expect(page).toHaveURL(/page=1$/);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('the extended search opens in a modal at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/en/vacancies');
  await expect(found(page)).toBeVisible();
  const all = await count(page);
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extended search' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Salary by agreement/ }).check();
  await expect(dialog.getByLabel('Salary from (€)')).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Salary by agreement/ }).uncheck();
  await dialog.getByRole('checkbox', { name: /Shift work/ }).check();
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en\/vacancies\?shiftWork=true$/);
  await expect.poll(() => count(page)).toBeLessThan(all);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('dialog', { name: 'Extended search' }).getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/en\/vacancies$/);
  await expect.poll(() => count(page)).toBe(all);
});

test('a vacancy page counts the view and shows the vacancy; the company page lists its vacancies', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/vacancies');
  const first = cards(page).first();
  const title = (await first.getByRole('link').first().textContent()) ?? '';
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/vacancies\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Job description' })).toBeVisible();
  await expect(page.getByText(/^Views: \d+$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply' })).toHaveAttribute('href', /\/en\/account\/vacancies\/[0-9a-f-]{36}\/apply$/);

  const side = page.getByRole('complementary');
  await expect(side.getByText(/^Vacancies: \d+$/)).toBeVisible();
  await side.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/companies\/EE\/\d+$/);
  await expect(page.getByRole('heading', { name: "The company's vacancies" })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeLessThanOrEqual(10);

  await page.goto('/en/companies/EE');
  await expect(page.getByRole('heading', { name: 'All employers' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Vacancies: \d+/ }).first()).toBeVisible();

  await page.goto('/en/categories');
  await page.getByRole('link', { name: /Information technology/ }).click();
  await expect(page).toHaveURL(/\/en\/vacancies\?categoryCode=IT$/);
  await expect(found(page)).toBeVisible();
});

test('a company page shows its address on a map, and leaves the map out without a word when no tile loads', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const company = (await (await page.request.get('/api/open/companies/EE/14000009')).json()) as { address: { adrId: number; address: string } };
  expect(company.address.adrId, 'the demo company has an address id').toBeTruthy();
  const map = page.getByRole('region', { name: `Map: ${company.address.address}` });

  await servePlaceholderTiles(page);
  await page.goto('/en/companies/EE/14000009');
  await expect(page.getByRole('heading', { level: 1, name: 'Vakants Demo OÜ' })).toBeVisible();
  await expect(map).toBeVisible();
  await expect(map.getByRole('img', { name: company.address.address })).toBeVisible();
  await expect(map.getByRole('link', { name: 'OpenStreetMap' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();

  // offline, as here without the stand-in: every tile fails, the map goes, nothing else changes
  await page.unroute(MAP_TILES);
  await page.route(MAP_TILES, (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByText(/^Vacancies: \d+$/)).toBeVisible();
  await expect(map).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(company.address.address)).toBeVisible();
});

test('the mobile apply bar shows below 1024 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/en/vacancies');
  await cards(page).first().getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Apply' }).getByRole('link', { name: 'Apply' })).toBeVisible();
});

test('an applicant saves a vacancy as a favourite', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/vacancies');
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to favourites' })).toHaveCount(0);
  // a new applicant: the demo one may not get another code within a minute of other journeys
  await registerApplicant(page, newEmail('favourite'), ['Kati', 'Kask']);
  await page.goto('/en/vacancies');
  await expect(page).toHaveURL(/\/en\/vacancies$/);
  const card = cards(page).nth(1);
  const title = (await card.getByRole('link').first().textContent()) ?? '';
  await card.getByRole('button', { name: 'Add to favourites' }).click();
  await expect(card.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  const saved = (await (await page.request.get('/api/applicant/favourites-vacancies')).json()) as { occupation: { labels: { en: string } } }[];
  expect(saved.map((item) => item.occupation.labels.en)).toContain(title);
  await page.reload();
  await expect(cards(page).nth(1).getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  await cards(page).nth(1).getByRole('button', { name: 'Remove from favourites' }).click();
  await expect(cards(page).nth(1).getByRole('button', { name: 'Add to favourites' })).toBeVisible();
});

test('location landing pages: Estonia lists counties, a county its towns, with vacancies and a server-rendered head', async ({ page }) => {
  await page.goto('/en/locations/EE');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs in Estonia' })).toBeVisible();
  await expect(page).toHaveTitle('Jobs in Estonia | Vakants');
  const counties = page.getByRole('navigation', { name: 'Counties' });
  await counties.getByRole('link', { name: /^Harju County \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/en\/locations\/0037$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs in Harju County' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Location' }).getByRole('link', { name: 'Estonia' })).toBeVisible();
  await expect(page.getByText(/^Open vacancies: \d+$/)).toBeVisible();
  await expect(page.locator('article').first()).toBeVisible();
  await page.getByRole('link', { name: /^Tallinn \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/\/en\/locations\/0784$/);
  await page.getByRole('link', { name: 'Search with filters' }).click();
  await expect(page).toHaveURL(/\/en\/vacancies\?cityCode=0784$/);

  const html = await (await page.request.get('/et/locations/0037')).text();
  expect(html).toContain('<title>Tööpakkumised – Harju maakond | Vakants</title>');
  expect(html).toContain('"@type":"BreadcrumbList"');
  expect((await page.request.get('/et/locations/9999')).status()).toBe(404);
});

test('a branded vacancy shows its cover and gallery and carries JobPosting data; its company page is branded too', async ({ page }) => {
  type Card = { vacancyId: string; isBranded: boolean; businessName: string };
  let branded: Card | undefined;
  for (let number = 0; !branded && number < 10; number++) {
    const search = await page.request.post(`/api/open/search?size=100&page=${number}`, { data: {} });
    const { content } = (await search.json()) as { content: Card[] };
    if (!content?.length) break;
    branded = content.find((vacancy) => vacancy.isBranded);
  }
  expect(branded, 'the demo data holds branded vacancies').toBeTruthy();

  await page.goto(`/en/vacancies/${branded!.vacancyId}`);
  await expect(page.getByRole('img', { name: 'Cover picture' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Gallery 1$/ })).toBeVisible();
  const html = await (await page.request.get(`/en/vacancies/${branded!.vacancyId}`)).text();
  const jsonLd = JSON.parse(html.split('<script type="application/ld+json">')[1]!.split('</script>')[0]!);
  expect(jsonLd['@type']).toBe('JobPosting');
  expect(jsonLd.hiringOrganization.name).toBe(branded!.businessName);
  for (const required of ['title', 'description', 'datePosted', 'jobLocation', 'validThrough', 'identifier']) expect(jsonLd[required], required).toBeTruthy();

  await page.getByRole('link', { name: branded!.businessName }).first().click();
  await expect(page).toHaveURL(/\/en\/companies\/EE\/\d{8}$/);
  await expect(page.getByRole('heading', { level: 1, name: branded!.businessName })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Gallery 1$/ })).toBeVisible();
  await expect(page.getByText(/is a growing Estonian employer/)).toBeVisible();
  const companyHtml = await (await page.request.get(page.url())).text();
  expect(companyHtml).toContain('"@type":"Organization"');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server paints the first screen: the search page with its cards, a vacancy with its text, the home page', async ({ page }) => {
    await page.goto('/en/vacancies');
    await expect(page.getByRole('heading', { name: 'Vacancies in Estonia' })).toBeVisible();
    await expect(found(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(20);
    const link = cards(page).first().getByRole('link');
    const title = (await link.textContent()) ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/en\/vacancies\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('link', { name: 'ET', exact: true }).click();
    await expect(page).toHaveURL(/\/et\/vacancies\/[0-9a-f-]{36}$/);
    await page.goto('/ru/');
    await expect(page.getByRole('heading', { level: 1, name: 'Работа и работники в Эстонии' })).toBeVisible();
  });
});

test('the app takes over the first screen the server painted', async ({ page }) => {
  await page.goto('/en/vacancies');
  // the app's search box only exists once the app runs; the server's cards are replaced by the app's
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  await expect(page.locator('.vk-hit')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(20);
});
