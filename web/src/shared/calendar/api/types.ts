import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
export type CalendarItem = Schemas['CalendarItem'];
export type CalendarEvent = Schemas['CalendarEvent'];
export type EventInput = Schemas['EventInput'];
export type EventUpdate = Schemas['EventUpdate'];
