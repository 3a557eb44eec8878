import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { ensureNamespace } from '@/shared/i18n';
import { renderRoutes } from '@/test/render';

import { texts } from '../locales/texts';
import { CvFileField } from './cv-file-field';

const field = (textStatus: string | null) => (
  <CvFileField
    pdf={textStatus ? { fileId: 'f-1', name: textStatus === 'not_applicable' ? 'scan.png' : 'cv.pdf', sizeBytes: 2048, textStatus } : null}
    busy={false}
    error={null}
    onUpload={() => {}}
    onRemove={() => {}}
  />
);

describe("the CV's own file", () => {
  beforeAll(async () => {
    await ensureNamespace('cv', texts);
  });

  it('takes a PDF or a picture', async () => {
    await renderRoutes('/en/account/create-cv', [{ path: 'account/create-cv', element: field(null) }]);
    expect(await screen.findByText(/A PDF or a picture \(PNG, JPEG\)/)).toBeInTheDocument();
    const input = document.querySelector('input[type=file]');
    expect(input?.getAttribute('accept')).toBe('application/pdf,.pdf,image/png,.png,image/jpeg,.jpg,.jpeg');
    expect(screen.getByRole('button', { name: 'Upload a file' })).toBeInTheDocument();
  });

  it("says that a picture's text is not read, and a PDF's is", async () => {
    const view = await renderRoutes('/en/account/create-cv', [{ path: 'account/create-cv', element: field('not_applicable') }]);
    expect(await screen.findByText('scan.png · 2 KB')).toBeInTheDocument();
    expect(screen.getByText("A picture's text is not read: the CV database finds your CV by its fields.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace the file' })).toBeInTheDocument();
    view.unmount();
    await renderRoutes('/en/account/create-cv', [{ path: 'account/create-cv', element: field('extracted') }]);
    expect(await screen.findByText('Its text can be found in the CV database.')).toBeInTheDocument();
  });
});
