import type { Language } from '@/shared/i18n/languages';

import type { MatchReason } from '../api/types';

/** The reasons as one line in the interface language ("IT · Tallinn · English C1"), each label once. */
export function reasonLine(reasons: MatchReason[], language: Language): string {
  const labels = reasons.map((reason) => (reason.label[language] || reason.label.et).trim()).filter(Boolean);
  return [...new Set(labels)].join(' · ');
}
