import { Alert } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function StepFailed() {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('errors.stepRenderFailed')}>
      {t('errorPage.text')}
    </Alert>
  );
}

/**
 * Keeps a wizard's step that fails to draw to itself (spec 1 section 8, "Unable to render current
 * step"): the steps, the way back and what was typed stay; moving to another step (a new `step`)
 * tries again.
 */
interface StepBoundaryState {
  step: string | number;
  failed: boolean;
}

export class StepBoundary extends Component<{ step: string | number; children: ReactNode }, StepBoundaryState> {
  state: StepBoundaryState = { step: this.props.step, failed: false };

  static getDerivedStateFromError(): Partial<StepBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { step: string | number }, state: StepBoundaryState): Partial<StepBoundaryState> | null {
    return props.step === state.step ? null : { step: props.step, failed: false };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('a wizard step failed to render', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <StepFailed /> : this.props.children;
  }
}
