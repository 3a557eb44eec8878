import type { VacancyListItem } from '@/shared/vacancies/api';

// Typed by hand after the API contract of issue 33 (BRIEF-foryou "API contract") until the
// server's OpenAPI document names these; then they come from `@/shared/api/schema`.

/** Which field of the CV or vacancy made a match. */
export type ReasonKind = 'category' | 'place' | 'employmentType' | 'experience' | 'language' | 'licence' | 'words';

/** One reason a vacancy fits a CV (or a CV a vacancy), labelled in the three languages. */
export interface MatchReason {
  kind: ReasonKind;
  label: { et: string; en: string; ru: string };
}

/** A recommended vacancy with why it fits. */
export interface Recommendation {
  vacancy: VacancyListItem;
  reasons: MatchReason[];
}

/** `GET /api/user/recommendations`: the CV the list is for (null: the applicant has none) and the vacancies. */
export interface Recommendations {
  cvId: string | null;
  items: Recommendation[];
}
