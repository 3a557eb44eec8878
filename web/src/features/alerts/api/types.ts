import type { components } from '@/shared/api/schema';

export type SavedSearch = components['schemas']['SavedSearch'];
export type Frequency = components['schemas']['Frequency'];
/** What a change names; what it leaves out stays (and is not sent). */
export type SavedSearchChange = components['schemas']['SavedSearchChange'];
export type VisitorAlerts = components['schemas']['VisitorAlerts'];

export const FREQUENCIES: Frequency[] = ['INSTANT', 'DAILY', 'WEEKLY'];
