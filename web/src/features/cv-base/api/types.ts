import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
export type CvSearchPage = Schemas['CvSearchPage'];
export type CvListItem = Schemas['CvListItem'];
export type CvBaseSummary = Schemas['CvBaseSummary'];
