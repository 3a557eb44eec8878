import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ensureNamespace } from '@/shared/i18n';
import { fakeApi, renderRoutes } from '@/test/render';

import { texts } from '../locales/texts';
import { CvViews } from './cv-views';

const routes = [{ path: 'account/my-cv', element: <CvViews cvId="cv-1" /> }];

describe('the companies that viewed a CV', () => {
  beforeAll(async () => {
    await ensureNamespace('cv', texts);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists each company with its last day and how many times, the last first', async () => {
    fakeApi({
      'GET /api/applicant/cv/cv-1/views': {
        body: [
          { businessName: 'Kohvik OÜ', lastViewedOn: '2026-11-24', views: 3 },
          { businessName: 'Sadam AS', lastViewedOn: '2026-11-02', views: 1 },
        ],
      },
    });
    await renderRoutes('/en/account/my-cv', routes);
    const section = await screen.findByRole('region', { name: 'Companies that viewed this CV' });
    expect(await screen.findByText('Kohvik OÜ — last on 24.11.2026, 3 times')).toBeInTheDocument();
    expect(screen.getByText('Sadam AS — last on 02.11.2026, 1 time')).toBeInTheDocument();
    expect(section).toBeInTheDocument();
  });

  it('says when no company has opened it', async () => {
    fakeApi({ 'GET /api/applicant/cv/cv-1/views': { body: [] } });
    await renderRoutes('/en/account/my-cv', routes);
    expect(await screen.findByText('No company has opened this CV yet.')).toBeInTheDocument();
  });
});
