import { expect, test } from '@playwright/test';

import { chatScene } from './chat-scene';

test('the employer writes, the applicant answers, and the employer sees it without reloading', async ({ browser }) => {
  test.setTimeout(120_000);
  const { employer, applicant, chatId } = await chatScene(browser);

  // the employer opens the new chat: empty, with the send box
  await employer.goto(`/en/employer/account/messages?chat=${chatId}`);
  await expect(employer.getByRole('heading', { level: 2, name: 'Kati Karu' })).toBeVisible();
  await employer.getByRole('textbox', { name: 'Message' }).fill('Tere, Kati! Proovipäeva info: https://vakants.test/proov');
  await employer.getByRole('button', { name: 'Send' }).click();
  const employerLog = employer.getByRole('log', { name: 'Messages of the chat' });
  await expect(employerLog.getByRole('link', { name: 'https://vakants.test/proov' })).toBeVisible();

  // the applicant finds it through the menu badge, reads it (the badge clears) and answers
  await applicant.goto('/en/account/messages');
  await expect(applicant.getByRole('link', { name: /Messages/ }).first()).toBeVisible();
  await applicant.getByRole('navigation', { name: 'Chats' }).getByRole('button').first().click();
  const applicantLog = applicant.getByRole('log', { name: 'Messages of the chat' });
  await expect(applicantLog.getByText('Tere, Kati!', { exact: false })).toBeVisible();
  await expect(applicantLog.getByRole('link', { name: 'https://vakants.test/proov' })).toHaveAttribute('target', '_blank');
  expect(await applicant.evaluate(() => window.localStorage.getItem('lastChat'))).toBe(chatId);
  await applicant.getByRole('textbox', { name: 'Message' }).fill('Aitäh, sobib hästi!');
  await applicant.getByRole('button', { name: 'Send' }).click();
  await expect(applicantLog.getByText('Aitäh, sobib hästi!')).toBeVisible();

  // the employer's page, left open, shows the answer through the live stream (well before the 30 s poll)
  await expect(employerLog.getByText('Aitäh, sobib hästi!')).toBeVisible({ timeout: 10_000 });

  // the remembered chat opens again on the next visit
  await applicant.goto('/en/account/messages');
  await expect(applicant.getByRole('log', { name: 'Messages of the chat' }).getByText('Aitäh, sobib hästi!')).toBeVisible();
});
