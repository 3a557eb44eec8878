import { describe, expect, it } from 'vitest';

import en from './locales/en.json';
import et from './locales/et.json';
import ru from './locales/ru.json';

function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [`${path}[${value.length}]`, ...value.flatMap((item, i) => shape(item, `${path}[${i}]`))];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  return [path];
}

/**
 * The areas' own namespaces: `src/features/<area>/locales/{et,en,ru}.json`, and the shared ones
 * (`src/shared/<area>/locales`, such as billing's dialogs).
 */
const areaFiles = import.meta.glob<{ default: unknown }>(['/src/features/*/locales/*.json', '/src/shared/*/locales/*.json', '!/src/shared/i18n/**'], { eager: true });
const areas = new Map<string, Record<string, unknown>>();
for (const [path, module] of Object.entries(areaFiles)) {
  const [, area, language] = /((?:features|shared)\/[^/]+)\/locales\/([a-z]{2})\.json$/.exec(path) ?? [];
  if (!area || !language) continue;
  areas.set(area, { ...(areas.get(area) ?? {}), [language]: module.default });
}

const bundles: [string, Record<string, unknown>][] = [['translation', { et, en, ru }], ...areas];

/** The keys of a resource, a plural's forms as one key: Russian has few and many where et and en have one and other. */
function keys(resource: unknown): string[] {
  return [...new Set(shape(resource).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
}

describe.each(bundles)('translations of %s', (_name, resources) => {
  it('have the same keys in et, en and ru', () => {
    expect(Object.keys(resources).sort()).toEqual(['en', 'et', 'ru']);
    expect(keys(resources.en)).toEqual(keys(resources.et));
    expect(keys(resources.ru)).toEqual(keys(resources.et));
  });

  it('have no empty texts', () => {
    for (const resource of Object.values(resources)) {
      expect(JSON.stringify(resource).match(/:""/g)).toBeNull();
    }
  });
});
