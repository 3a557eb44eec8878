import { expect, type Page, test } from '@playwright/test';

import { choose, newEmail, pdfWithText, registerApplicant } from './helpers';

async function upload(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

const step = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

test('a new applicant fills the six CV steps, finds the draft after a reload, saves and shows the CV in the database', async ({ page }) => {
  test.setTimeout(90_000);
  await registerApplicant(page, newEmail('cv'));

  await page.goto('/en/account/my-cv');
  await expect(page.getByRole('heading', { name: 'You have no CVs yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Create a CV' }).click();
  await expect(page).toHaveURL(/\/en\/account\/create-cv$/);

  // 1. personal info: names come from the profile; an empty required field stops the step
  await step(page, 'Personal info');
  await expect(page.getByLabel('First name')).toHaveValue('Mari');
  await expect(page.getByLabel('Phone')).toHaveValue('+37251234567');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Required')).toHaveCount(3);
  await step(page, 'Personal info');
  await page.getByLabel('Title of the CV').fill('Pastry chef');
  await page.getByLabel('Date of birth').fill('17/05/1990');
  await choose(page, 'Gender', 'Female');
  await choose(page, 'City or municipality', 'Tallinn');
  await expect(page.getByText('Required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  // 2. education
  await step(page, 'Education');
  await page.getByRole('button', { name: 'Add education' }).click();
  await choose(page, 'Level of education', "Bachelor's degree");
  await page.getByLabel('School or institution').fill('Tallinn University of Technology');
  await page.getByLabel('Year of graduation').fill('2012');
  await page.getByRole('button', { name: 'Next' }).click();

  // 3. experience: an end before the start is refused on the step
  await step(page, 'Experience');
  await page.getByRole('button', { name: 'Add a job' }).click();
  await page.getByLabel('Company').fill('Kohvik Mari');
  await page.getByLabel('Occupation').fill('Pastry chef');
  await page.getByLabel('Start date').fill('01/05/2020');
  await page.getByLabel('End date').fill('30/04/2020');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('The end date cannot be earlier than the start date')).toBeVisible();
  await step(page, 'Experience');
  await page.getByLabel('End date').fill('30/06/2023');
  await expect(page.getByText('The end date cannot be earlier than the start date')).toBeHidden();
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 'Skills');

  // a reload mid-wizard finds the draft on the same step
  await page.reload();
  await expect(page.getByText(/Your unsaved changes from .* are restored/)).toBeVisible();
  await step(page, 'Skills');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Company')).toHaveValue('Kohvik Mari');
  await expect(page.getByLabel('End date')).toHaveValue('30/06/2023');
  await page.getByRole('button', { name: 'Next' }).click();

  // 4. skills
  await step(page, 'Skills');
  await page.getByRole('button', { name: 'Add a language' }).click();
  await choose(page, 'Language', 'Estonian');
  await choose(page, 'Proficiency', 'Native');
  await page.getByRole('button', { name: 'Add a skill' }).click();
  await page.getByRole('textbox', { name: /^Skill/ }).fill('Baking');
  await choose(page, /^Level/, 'Expert');
  await page.getByRole('button', { name: 'Add a driving licence' }).click();
  await choose(page, 'Category', 'B – passenger car');
  await page.getByLabel('Year of issue').fill('2010');
  await page.getByLabel('Years of driving experience').fill('12');
  await page.getByRole('button', { name: 'Next' }).click();

  // 5. preferred job
  await step(page, 'Preferred job');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Choose at least one field of work')).toBeVisible();
  await choose(page, 'Fields of work', /.+/);
  await page.keyboard.press('Escape');
  await choose(page, 'Type of employment', 'Full-time');
  await choose(page, 'Where would you like to work?', 'Tallinn');
  await page.getByRole('button', { name: 'Next' }).click();

  // 6. additional, with the PDF: the server decides by the content what a PDF is
  await step(page, 'Additional');
  await page.getByRole('button', { name: 'Add a certificate' }).click();
  await page.getByRole('textbox', { name: /^Certificate/ }).fill('Food hygiene');
  await page.getByRole('textbox', { name: /^Year/ }).fill('2021');
  await page.getByRole('button', { name: 'Add a course' }).click();
  await page.getByRole('textbox', { name: /^Course/ }).fill('Sourdough baking');
  await page.getByRole('textbox', { name: /^Organizer/ }).fill('Leivakool');
  await page.getByRole('button', { name: 'Add a reference' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Jaan Tamm');
  await page.getByRole('textbox', { name: /^Phone or e-mail/ }).fill('+3725555555');
  await page.getByRole('button', { name: 'Add a portfolio item' }).click();
  await page.getByRole('textbox', { name: /^Web address/ }).fill('https://example.ee/cakes');
  await page.getByRole('textbox', { name: /^About me/ }).fill('I bake bread and cakes for cafés.');
  await upload(page, 'Upload a file', { name: 'not-a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text, not a PDF') });
  await expect(page.getByText('Wrong file: a CV must be a PDF document or a picture (PNG or JPEG)')).toBeVisible();
  // the CV was saved unfinished to hold the PDF, so the wizard now edits it
  await expect(page).toHaveURL(/create-cv\?cvId=/);
  await upload(page, 'Upload a file', { name: 'mari-cv.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Sourdough and croissants') });
  await expect(page.getByText('The file is uploaded.')).toBeVisible();
  await expect(page.getByText(/mari-cv\.pdf/)).toBeVisible();
  await page.getByLabel(/^Hidden/).check();
  await page.getByRole('button', { name: 'Save the CV' }).click();

  // listed, hidden, with its PDF; then shown in the CV database
  await expect(page).toHaveURL(/\/en\/account\/my-cv$/);
  await expect(page.getByText('Your CV is saved.')).toBeVisible();
  const card = page.getByRole('article', { name: 'Pastry chef' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(card.getByText('File: mari-cv.pdf')).toBeVisible();
  await card.getByRole('button', { name: 'Show in the CV database' }).click();
  await expect(card.getByText('Visible', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide from the CV database' })).toBeVisible();

  // the saved CV opens again without a draft, every list in place
  await card.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Title of the CV')).toHaveValue('Pastry chef');
  await expect(page.getByText(/are restored/)).toHaveCount(0);
  const cvId = new URL(page.url()).searchParams.get('cvId');
  const saved = await (await page.request.get(`/api/user/cv/${cvId}`)).json();
  expect(saved).toMatchObject({
    status: 'ACTIVE',
    visibility: 'VISIBLE',
    educations: [{ educationLevel: 'BACHELOR', graduationYear: 2012 }],
    employmentHistories: [{ company: 'Kohvik Mari', startDate: '2020-05-01', endDate: '2023-06-30' }],
    languageSkills: [{ proficiency: 'NATIVE' }],
    skills: [{ skill: 'Baking', level: 'EXPERT' }],
    driverLicences: [{ driverLicence: 'B', yearOfIssue: 2010, experienceYears: 12 }],
    certificates: [{ title: 'Food hygiene', year: 2021 }],
    courses: [{ title: 'Sourdough baking', organizer: 'Leivakool' }],
    references: [{ name: 'Jaan Tamm' }],
    portfolio: [{ url: 'https://example.ee/cakes' }],
    aboutMe: 'I bake bread and cakes for cafés.',
    pdf: { name: 'mari-cv.pdf' },
  });
  // the worker reads the PDF's text for the CV-database search
  await expect
    .poll(async () => (await (await page.request.get(`/api/user/cv/${cvId}`)).json()).pdf.textStatus, { timeout: 20_000 })
    .toBe('extracted');
});

test('a CV is deleted after a confirmation', async ({ page }) => {
  await registerApplicant(page, newEmail('cvdel'));
  const created = await page.request.post('/api/applicant/cv', {
    data: { draft: true, title: 'Old CV' },
    headers: { 'X-XSRF-TOKEN': (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '' },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/en/account/my-cv');
  const card = page.getByRole('article', { name: 'Old CV' });
  await expect(card.getByText('Unfinished')).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The CV is deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You have no CVs yet' })).toBeVisible();
});

test('the profile picture is uploaded, shown in the header and removed', async ({ page }) => {
  await registerApplicant(page, newEmail('avatar'));
  // a 2×2 red PNG
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
    'base64',
  );
  await upload(page, 'Upload a picture', { name: 'me.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Choose a PNG or JPG picture')).toBeVisible();
  await upload(page, 'Upload a picture', { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(page.getByText('Wrong file: a picture must be a PNG or JPG image')).toBeVisible();
  await upload(page, 'Upload a picture', { name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Your picture is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your profile picture' })).toBeVisible();
  await expect(page.locator('header img')).toHaveAttribute('src', /\/api\/files\//);
  await page.getByRole('button', { name: 'Remove the picture' }).click();
  await expect(page.getByText('Your picture is removed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload a picture' })).toBeVisible();
  await expect(page.locator('header img')).toHaveCount(0);
});
