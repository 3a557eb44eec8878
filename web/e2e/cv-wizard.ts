import { expect, type Page } from '@playwright/test';

import { choose } from './helpers';

/** Picks files through the file chooser that `button` opens. */
export async function chooseFiles(page: Page, button: string | RegExp, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(files);
}

/** A 2×2 red PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==', 'base64');

const step = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

/** From the new-CV wizard's first step to its last (Additional), with only the required fields (English). */
export async function fillCvToAdditionalStep(page: Page, title: string): Promise<void> {
  await step(page, 'Personal info');
  await page.getByLabel('Title of the CV').fill(title);
  await page.getByLabel('Date of birth').fill('17/05/1990');
  await choose(page, 'Gender', 'Female');
  await choose(page, 'City or municipality', 'Tallinn');
  await page.getByRole('button', { name: 'Next' }).click();
  for (const name of ['Education', 'Experience', 'Skills']) {
    await step(page, name);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await step(page, 'Preferred job');
  await choose(page, 'Fields of work', /.+/);
  await page.keyboard.press('Escape');
  await choose(page, 'Type of employment', 'Full-time');
  await choose(page, 'Where would you like to work?', 'Tallinn');
  await page.getByRole('button', { name: 'Next' }).click();
  await step(page, 'Additional');
}

/** The names of the entries of a zip archive, read from its central directory. */
export function zipEntryNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip archive: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('broken central directory');
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
