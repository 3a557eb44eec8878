import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setCurrentLanguage } from '@/shared/i18n/languages';

import { FRESH_MS, hasInitialAnswer, initialAnswer, resetInitialData } from './initial-data';

const origin = window.location.origin;

function pageWith(entries: unknown[]) {
  const script = document.createElement('script');
  script.id = 'vakants-initial-data';
  script.type = 'application/json';
  script.textContent = JSON.stringify(entries);
  document.head.append(script);
}

const search = { method: 'POST', url: '/api/open/search?page=0&size=20', body: { cityCode: ['0784'], occupation: 'kokk' }, language: 'et', data: { content: [], totalPages: 0 } };
const vacancy = { method: 'GET', url: '/api/open/vacancies/v1', body: null, language: 'et', data: { vacancyId: 'v1' } };

describe('answers the page brought', () => {
  beforeEach(() => {
    resetInitialData();
    setCurrentLanguage('et');
    // a page just loaded (the document may have been up for longer: other files ran in it before)
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
  });
  afterEach(() => {
    document.getElementById('vakants-initial-data')?.remove();
    vi.restoreAllMocks();
  });

  it('answers the same call once, with the same body in any key order', async () => {
    pageWith([search, vacancy]);
    const request = new Request(`${origin}/api/open/search?page=0&size=20`, { method: 'POST', body: JSON.stringify({ occupation: 'kokk', cityCode: ['0784'] }) });
    const response = await initialAnswer(request);
    expect(response?.status).toBe(200);
    expect(await response?.json()).toEqual(search.data);
    expect(initialAnswer(new Request(`${origin}/api/open/search?page=0&size=20`, { method: 'POST', body: JSON.stringify(search.body) }))).toBeNull();
    expect(hasInitialAnswer('GET', '/api/open/vacancies/v1')).toBe(true);
  });

  it('leaves a different body, query, method or language to the server', async () => {
    pageWith([search, vacancy]);
    expect(await initialAnswer(new Request(`${origin}/api/open/search?page=0&size=20`, { method: 'POST', body: JSON.stringify({ occupation: 'kokk' }) }))).toBeNull();
    expect(initialAnswer(new Request(`${origin}/api/open/search?page=1&size=20`, { method: 'POST', body: JSON.stringify(search.body) }))).toBeNull();
    expect(initialAnswer(new Request(`${origin}/api/open/vacancies/v1`, { method: 'DELETE' }))).toBeNull();
    setCurrentLanguage('ru');
    expect(initialAnswer(new Request(`${origin}/api/open/vacancies/v1`))).toBeNull();
  });

  it('asks the server once the page is no longer fresh, or when the page brought nothing', () => {
    pageWith([vacancy]);
    vi.spyOn(performance, 'now').mockReturnValue(FRESH_MS + 1);
    expect(initialAnswer(new Request(`${origin}/api/open/vacancies/v1`))).toBeNull();
    vi.restoreAllMocks();
    document.getElementById('vakants-initial-data')?.remove();
    resetInitialData();
    expect(initialAnswer(new Request(`${origin}/api/open/vacancies/v1`))).toBeNull();
  });
});
