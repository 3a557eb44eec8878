import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
export type SearchPage = Schemas['SearchPage'];
export type SalaryStats = Schemas['SalaryStats'];
export type VacancyListItem = Schemas['VacancyListItem'];
export type VacancyPage = Schemas['VacancyPage'];
export type CategoryItem = Schemas['CategoryItem'];
export type City = Schemas['City'];
export type VacancyDetail = Schemas['VacancyDetail'];
export type Branding = Schemas['Branding'];
