import { describe, expect, it } from 'vitest';

import { reasonLine } from './reasons';

const label = (et: string, en: string, ru: string) => ({ et, en, ru });

describe('reasonLine', () => {
  it('joins the labels of the interface language with a middle dot', () => {
    const reasons = [
      { kind: 'category' as const, label: label('IT', 'IT', 'ИТ') },
      { kind: 'place' as const, label: label('Tallinn', 'Tallinn', 'Таллинн') },
      { kind: 'language' as const, label: label('Inglise keel C1', 'English C1', 'Английский C1') },
    ];
    expect(reasonLine(reasons, 'en')).toBe('IT · Tallinn · English C1');
    expect(reasonLine(reasons, 'ru')).toBe('ИТ · Таллинн · Английский C1');
  });

  it('falls back to Estonian for an empty label and leaves out repeats and blanks', () => {
    const reasons = [
      { kind: 'place' as const, label: label('Tartu', '', '') },
      { kind: 'place' as const, label: label('Tartu', 'Tartu', 'Тарту') },
      { kind: 'words' as const, label: label(' ', ' ', ' ') },
    ];
    expect(reasonLine(reasons, 'en')).toBe('Tartu');
  });
});
