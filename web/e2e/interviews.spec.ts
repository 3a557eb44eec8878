import { expect, type Page, test } from '@playwright/test';

import { choose, signIn } from './helpers';

// The only journey that changes the demo applicant's interviews (fixtures/src/interviews.rs: one
// invitation with two future slots, one accepted interview, one canceled by the applicant).
const APPLICANT = 'applicant@vakants.test';

/** Today's weekday in Tallinn, Monday 1 to Sunday 7. */
function tallinnWeekday(): number {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'Europe/Tallinn' }).format(new Date());
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day) + 1;
}

/** Today plus `days` in Tallinn, as the date fields show it (dd/mm/yyyy). */
function tallinnDatePlus(days: number): string {
  return new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Tallinn' }).format(new Date(Date.now() + days * 86_400_000));
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test('the applicant answers an invitation and keeps a calendar', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/en/account/my-interviews');
  await signIn(page, APPLICANT);
  await expect(page).toHaveURL(/\/en\/account\/my-interviews$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My interviews' })).toBeVisible();

  // all three under "All", each with its status
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  const invitation = cards.filter({ hasText: 'Awaiting confirmation' });
  await expect(invitation).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Accepted' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'Canceled' })).toHaveCount(1);
  const title = (await invitation.getByRole('heading').innerText()).trim();
  await expect(invitation.getByText('Online', { exact: true })).toBeVisible();
  await expect(invitation.getByRole('link', { name: 'https://meet.vakants.test/demo' })).toHaveAttribute('target', '_blank');
  await expect(cards.filter({ hasText: 'Accepted' }).getByText('Sobib, tulen kohale.')).toBeVisible();
  await expect(cards.filter({ hasText: 'Canceled' }).getByText('Võtsin vahepeal vastu teise pakkumise.')).toBeVisible();

  // each tab lists its own, and the URL keeps the tab
  await openTab(page, 'Accepted');
  await expect(page).toHaveURL(/\?tab=accepted$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Accepted');
  await openTab(page, 'Canceled');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Canceled');
  await openTab(page, 'Completed');
  await expect(page.getByRole('heading', { name: 'No completed interviews' })).toBeVisible();
  await openTab(page, 'Unconfirmed');
  await expect(page).toHaveURL(/\?tab=invited$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Awaiting confirmation');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Unconfirmed', selected: true })).toBeVisible();

  // accept: the first slot (in two days, 10:00–12:00 Tallinn time), starting at 10:30
  await cards.first().getByRole('button', { name: 'Choose a time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept the invitation' });
  await expect(dialog).toBeVisible();
  const slots = dialog.getByRole('radio');
  await expect(slots).toHaveCount(2);
  await slots.first().check();
  await choose(page, 'Start time', '10:30');
  await expect(dialog.getByText(/Your interview: .* 10:30–11:15$/)).toBeVisible();
  await dialog.getByLabel('Message to the employer').fill('Sobib hästi, aitäh!');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No unconfirmed invitations' })).toBeVisible();

  await openTab(page, 'Accepted');
  await expect(cards).toHaveCount(2);
  const accepted = cards.filter({ hasText: title });
  await expect(accepted).toContainText('Accepted');
  await expect(accepted).toContainText('10:30–11:15');
  await expect(accepted).toContainText('Sobib hästi, aitäh!');

  // the calendar's week view shows it
  await page.getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page).toHaveURL(/\/en\/account\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await page.getByText('Week', { exact: true }).click();
  if (tallinnWeekday() + 2 > 7) await page.getByRole('button', { name: 'Next' }).click();
  const interview = page.locator('.fc-event.vk-event-interview', { hasText: title });
  await expect(interview).toHaveCount(1);
  await expect(interview).toContainText('10:30');
  await expect(page.locator('.fc-event.vk-event-tentative', { hasText: title })).toHaveCount(0);

  // an own event: create, edit, delete
  await page.getByText('Month', { exact: true }).click();
  await page.getByRole('button', { name: 'Today' }).click();
  const name = `Dentist ${Date.now()}`;
  await page.getByRole('button', { name: 'New event' }).click();
  const form = page.getByRole('dialog', { name: 'New event' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('Bring the card');
  await form.getByLabel('End time').fill('08:00');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The end cannot be before the start')).toBeVisible();
  await form.getByLabel('End time').fill('10:30');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const own = page.locator('.fc-event.vk-event-own', { hasText: name });
  await expect(own).toHaveCount(1);
  await expect(own).toContainText('09:00');

  await own.click();
  const edit = page.getByRole('dialog', { name: 'Edit the event' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await expect(edit.getByLabel('Description')).toHaveValue('Bring the card');
  await edit.getByLabel('Name').fill(`${name} moved`);
  await edit.getByLabel('Start time').fill('11:00');
  await edit.getByLabel('End time').fill('12:00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const moved = page.locator('.fc-event.vk-event-own', { hasText: `${name} moved` });
  await expect(moved).toContainText('11:00');

  await moved.click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await edit.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(edit).toBeHidden();
  await expect(page.locator('.fc-event', { hasText: name })).toHaveCount(0);

  // a daily event for three days is one series: edited and deleted whole
  const series = `Standup ${Date.now()}`;
  await page.getByRole('button', { name: 'New event' }).click();
  await form.getByLabel('Name').fill(series);
  await choose(page, 'Repeat', 'Every day');
  await form.getByLabel('Repeat until').fill(tallinnDatePlus(2));
  await form.getByLabel('Repeat until').blur();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const occurrences = page.locator('.fc-event.vk-event-own', { hasText: series });
  await expect(occurrences).toHaveCount(3);
  await occurrences.nth(1).click();
  await expect(edit.getByText('This is a recurring event: changes apply to the whole series.')).toBeVisible();
  await expect(edit.getByLabel('Start date')).toHaveValue(tallinnDatePlus(0));
  await expect(edit.getByLabel('Repeat until')).toHaveValue(tallinnDatePlus(2));
  await edit.getByLabel('Name').fill(`${series} renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.locator('.fc-event.vk-event-own', { hasText: `${series} renamed` })).toHaveCount(3);
  await occurrences.first().click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await expect(edit.getByText('Delete the whole series of this recurring event?')).toBeVisible();
  await edit.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(edit).toBeHidden();
  await expect(occurrences).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.locator('.fc-event.vk-event-interview').first()).toBeVisible();
  await expect(page.locator('.fc-event', { hasText: name })).toHaveCount(0);
  await expect(page.locator('.fc-event', { hasText: series })).toHaveCount(0);
});
