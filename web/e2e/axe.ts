import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** The WCAG 2.2 A and AA rules (axe-core tags every rule with the version that introduced it). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One line per failing element: rule, impact, selector and axe's summary of what is wrong. */
export function describeViolations(violations: Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? 'n/a'}) ${node.target.join(' ')}: ${violation.help}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    )
    .join('\n');
}

/**
 * The WCAG 2.2 A/AA violations axe-core finds on the page as it is now. Call it once the screen
 * shows what it is about (its heading, its list): it waits for running animations (a drawer or
 * dialog fading in would fail the contrast rules half-way) and for busy parts to settle (a list
 * dims its previous rows while another sorting loads), and checks the whole document, dialogs and
 * menus included.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined);
  return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
}

/** Fails the test when axe-core finds a WCAG 2.2 A/AA violation on the page as it is now (see `axeViolations`); `screen` names the screen in the failure message. */
export async function expectNoAxeViolations(page: Page, screen?: string): Promise<void> {
  const violations = await axeViolations(page);
  const name = screen ?? new URL(page.url()).pathname;
  expect(violations, `accessibility violations on ${name}:\n${describeViolations(violations)}`).toEqual([]);
}
