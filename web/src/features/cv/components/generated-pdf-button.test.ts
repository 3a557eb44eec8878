import { beforeAll, describe, expect, it } from 'vitest';

import { ApiError } from '@/shared/api/errors';
import { applyLanguage } from '@/shared/i18n';

import { generatedPdfFailure } from './generated-pdf-button';

describe('generatedPdfFailure', () => {
  beforeAll(() => applyLanguage('en'));

  it('says "Failed to generate PDF" for a failure of the server or the network', () => {
    expect(generatedPdfFailure(new ApiError(500, '/api/applicant/cv/1/pdf', 'Unknown error', 'pdf_generation_failed'), 'Failed to generate PDF')).toBe('Failed to generate PDF');
    expect(generatedPdfFailure(new ApiError(503, '/api/applicant/cv/1/pdf', 'Service Unavailable'), 'Failed to generate PDF')).toBe('Failed to generate PDF');
    expect(generatedPdfFailure(new TypeError('Failed to fetch'), 'Failed to generate PDF')).toBe('Failed to generate PDF');
  });

  it('names what the client can act on', () => {
    expect(generatedPdfFailure(new ApiError(404, '/api/applicant/cv/1/pdf', 'Not found', 'not_found'), 'Failed to generate PDF')).toBe('Not found');
  });
});
