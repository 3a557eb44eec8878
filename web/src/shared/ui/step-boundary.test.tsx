import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { applyLanguage } from '@/shared/i18n';

import { StepBoundary } from './step-boundary';

function Step({ name }: { name: string }) {
  if (name === 'broken') throw new Error('cannot draw');
  return <p>{name} fields</p>;
}

function Wizard({ step }: { step: string }) {
  return (
    <MantineProvider>
      <h2>Steps</h2>
      <StepBoundary step={step}>
        <Step name={step} />
      </StepBoundary>
    </MantineProvider>
  );
}

describe('a wizard step that fails to draw', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says "Unable to render current step" in its place, keeps the wizard, and draws the next step again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await applyLanguage('ru');
    const view = render(<Wizard step="personal" />);
    expect(screen.getByText('personal fields')).toBeInTheDocument();

    view.rerender(<Wizard step="broken" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось отобразить текущий шаг');
    expect(screen.getByRole('heading', { name: 'Steps' })).toBeInTheDocument();

    view.rerender(<Wizard step="skills" />);
    expect(screen.getByText('skills fields')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
