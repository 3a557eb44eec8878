import type { components } from '@/shared/api/schema';

export type WorkingDay = components['schemas']['WorkingDay'];
