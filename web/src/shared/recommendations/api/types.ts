import type { components } from '@/shared/api/schema';

type Schemas = components['schemas'];
/** Which field of the CV or vacancy made a match. */
export type ReasonKind = Schemas['RecommendationReasonKind'];
/** One reason a vacancy fits a CV (or a CV a vacancy), labelled in the three languages. */
export type MatchReason = Schemas['RecommendationReason'];
/** A recommended vacancy with why it fits. */
export type Recommendation = Schemas['RecommendedVacancyItem'];
/** `GET /api/user/recommendations`: the CV the list is for (null: the applicant has none) and the vacancies. */
export type Recommendations = Schemas['Recommendations'];
