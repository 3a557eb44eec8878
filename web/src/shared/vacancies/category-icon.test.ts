import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { KNOWN_CATEGORY_ICONS } from './category-icon';

describe('category icons', () => {
  it('cover every icon the reference categories name', () => {
    const migration = readFileSync(resolve(__dirname, '../../../../migrations/20261121000002_reference_data.sql'), 'utf8');
    const block = migration.slice(migration.indexOf('insert into ref_categories'));
    const named = [...block.slice(0, block.indexOf(';')).matchAll(/\('[A-Z_]+', '([a-z0-9-]+)'/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((name) => !KNOWN_CATEGORY_ICONS.includes(name!))).toEqual([]);
  });
});
