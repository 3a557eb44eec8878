import type { components } from '@/shared/api/schema';

export type EmployerInterview = components['schemas']['EmployerInterview'];
export type Tab = 'all' | 'invited' | 'accepted' | 'canceled' | 'completed';
export const TABS: Tab[] = ['all', 'invited', 'accepted', 'canceled', 'completed'];
