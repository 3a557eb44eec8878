import type { Me, Role } from '@/shared/api/types';
import { useLocalizedPath } from '@/shared/i18n/use-language';
import { type AnalyticsEvent, track } from '@/shared/lib/analytics';

import { hasAnyRole } from './me';

/**
 * What the site asks people to create (spec 1 section 6, the creation call-to-action): where it is
 * created, the role that creates it, and the analytics event every link to it sends (section 7).
 */
export const CREATIONS = {
  cv: { path: '/account/create-cv', role: 'APPLICANT', event: 'uus_cv' },
  vacancy: { path: '/employer/account/my-vacancies/create-vacancy', role: 'EMPLOYER', event: 'lisa_kuulutus' },
} as const satisfies Record<string, { path: string; role: Role; event: AnalyticsEvent }>;

export type Creation = keyof typeof CREATIONS;

/** A visitor may start (signing in first); a signed-in user only with the role that creates it. */
export function mayCreate(me: Me | null | undefined, creation: Creation): boolean {
  return !me || hasAnyRole(me, [CREATIONS[creation].role]);
}

/** Sends the analytics event of an entry point to creating a CV or a vacancy. */
export function trackCreation(creation: Creation): void {
  track(CREATIONS[creation].event);
}

/**
 * The props of a link to creating a CV or a vacancy: its address in the current language and the
 * click that sends the analytics event.
 */
export function useCreationLink(): (creation: Creation) => { to: string; onClick: () => void } {
  const to = useLocalizedPath();
  return (creation) => ({ to: to(CREATIONS[creation].path), onClick: () => trackCreation(creation) });
}
