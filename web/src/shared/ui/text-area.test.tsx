import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { applyLanguage } from '@/shared/i18n';

import { TextArea } from './text-area';

describe('TextArea', () => {
  it('says optional unless required or insisted on by the form', async () => {
    await applyLanguage('en');
    render(
      <MantineProvider>
        <TextArea label="About me" value="" onChange={() => {}} />
        <TextArea label="Reason" required value="" onChange={() => {}} />
        <TextArea label="Message" withAsterisk value="" onChange={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'About me (optional)' })).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Reason/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Message/ })).not.toBeRequired();
    expect(screen.getAllByText('(optional)')).toHaveLength(1);
  });

  it('starts at four rows and grows with its text', async () => {
    await applyLanguage('en');
    render(
      <MantineProvider>
        <TextArea label="About me" value={'one\ntwo'} onChange={() => {}} />
      </MantineProvider>,
    );
    const textarea = screen.getByRole('textbox', { name: /^About me/ });
    expect(textarea).toHaveAttribute('rows', '4');
    // the autosizing measures the text in a hidden twin of the textarea
    expect(document.querySelectorAll('textarea')).toHaveLength(2);
  });
});
