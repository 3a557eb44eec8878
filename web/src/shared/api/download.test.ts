import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from './errors';
import { DownloadError, fetchDownload, fileNameFromDisposition, retryAfterSeconds } from './download';

describe('fileNameFromDisposition', () => {
  it('takes the UTF-8 name the server sends beside the ASCII one', () => {
    expect(fileNameFromDisposition(`attachment; filename="cv-Mari-J_rv.pdf"; filename*=UTF-8''cv-Mari-J%C3%A4rv.pdf`, 'cv.pdf')).toBe('cv-Mari-Järv.pdf');
    expect(fileNameFromDisposition(`attachment; filename*=utf-8''%D0%A0%D0%B5%D0%B7%D1%8E%D0%BC%D0%B5.pdf`, 'cv.pdf')).toBe('Резюме.pdf');
  });

  it('falls back to the plain name, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename="vakants-my-data-2026-11-21.zip"', 'x.zip')).toBe('vakants-my-data-2026-11-21.zip');
    expect(fileNameFromDisposition('attachment; filename=report.pdf', 'x.pdf')).toBe('report.pdf');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".txt"', 'x')).toBe('say _hi_.txt');
    expect(fileNameFromDisposition(`attachment; filename="ok.pdf"; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('ok.pdf');
  });

  it('keeps path separators and control characters out of the name', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'x')).toBe('.._.._etc_passwd');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''a%0Ab.pdf`, 'x')).toBe('a_b.pdf');
  });

  it('uses the fallback without a usable name', () => {
    expect(fileNameFromDisposition(null, 'cv.pdf')).toBe('cv.pdf');
    expect(fileNameFromDisposition('attachment', 'cv.pdf')).toBe('cv.pdf');
    expect(fileNameFromDisposition('attachment; filename=".."', 'cv.pdf')).toBe('cv.pdf');
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('3599')).toBe(3599);
    expect(retryAfterSeconds('Sat, 21 Nov 2026 13:00:00 GMT', Date.parse('2026-11-21T12:30:00Z'))).toBe(1800);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});

describe('fetchDownload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the blob under the server’s name, sent with the language header', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="cv.pdf"; filename*=UTF-8''cv-mari.pdf` },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const download = await fetchDownload('/api/applicant/cv/1/pdf', 'fallback.pdf');
    expect(download.name).toBe('cv-mari.pdf');
    expect(await download.blob.text()).toBe('%PDF-1.7');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('Accept-Language')).toBeTruthy();
  });

  it('throws the server’s error with its code and the Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Too many requests', code: 'too_many_requests' }), { status: 429, headers: { 'retry-after': '120' } })),
    );
    const error = await fetchDownload('/api/user/my-data', 'x.zip').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 120, url: '/api/user/my-data' });
  });

  it('keeps the code of a failed PDF', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Failed to generate PDF', code: 'pdf_generation_failed' }), { status: 500 })));
    await expect(fetchDownload('/api/applicant/cv/1/pdf', 'cv.pdf')).rejects.toMatchObject({ status: 500, code: 'pdf_generation_failed', retryAfterSeconds: null });
  });
});
