import { describe, expect, it } from 'vitest';

import en from './locales/en.json';
import et from './locales/et.json';
import ru from './locales/ru.json';

function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [`${path}[${value.length}]`, ...value.flatMap((item, i) => shape(item, `${path}[${i}]`))];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  return [path];
}

describe('translations', () => {
  it('have the same keys in et, en and ru', () => {
    expect(shape(en).sort()).toEqual(shape(et).sort());
    expect(shape(ru).sort()).toEqual(shape(et).sort());
  });

  it('have no empty texts', () => {
    for (const resource of [et, en, ru]) {
      const texts = JSON.stringify(resource).match(/:""/g);
      expect(texts).toBeNull();
    }
  });
});
