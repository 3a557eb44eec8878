import { Button, Group, Modal, Stack, Stepper, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { useLanguage, useLocalizedPath } from '@/shared/i18n/use-language';
import { notifyError, notifySuccess } from '@/shared/ui/notify';
import { useDesktop } from '@/shared/ui/use-desktop';
import { StepBoundary } from '@/shared/ui/step-boundary';

import { useCreateVacancy } from '../api/create-vacancy';
import { usePublishVacancy } from '../api/publish-vacancy';
import { useSaveVacancy } from '../api/save-vacancy';
import type { EmployerVacancyDetail } from '../api/types';
import { toFormPath } from '../lib/field-path';
import { contentIndexes, emptyForm, formFromVacancy, formToDocument, type VacancyForm } from '../lib/form';
import { statesPay } from '../lib/pay-transparency';
import { editorPath, previewPath } from '../lib/paths';
import { type Mode, vacancySchema } from '../lib/schema';
import { firstStepWithErrors, nextStep, previousStep, STEPS, stepIndex, stepOfField, type WizardStep } from '../lib/steps';
import { AutoReplyStep } from './auto-reply-step';
import { BasicInfoStep } from './basic-info-step';
import { BrandingStep } from './branding-step';
import { PublishStep } from './publish-step';
import { QuestionsStep } from './questions-step';
import { RequirementsStep } from './requirements-step';
import type { StepProps } from './step-props';

/**
 * On a narrow screen the steps show their numbers only, with short separators; each step's name
 * stays in the button for readers, so its name holds what it shows (WCAG 2.5.3).
 */
const NARROW_STEPPER = {
  separator: { marginInline: 4 },
  stepBody: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
} as const;

const STEP_FIELDS = { basic: BasicInfoStep, branding: BrandingStep, requirements: RequirementsStep, questions: QuestionsStep, autoReply: AutoReplyStep } as const;
const ALL_STEPS: readonly WizardStep[] = [...STEPS, 'publish'];

/**
 * The vacancy wizard (spec 2 section 2): five steps and the publish step over one form. Every move
 * between steps saves the draft (the first save creates it and moves to its own address), checked
 * by the draft rules only; publishing checks everything first. The server's field errors land on
 * their fields, on the step that shows them.
 */
export function VacancyWizard({
  vacancy,
  step,
  onStep,
  sandbox,
}: {
  /** The saved vacancy, or null for a new one. */
  vacancy: EmployerVacancyDetail | null;
  step: WizardStep;
  /** Shows another step of the same vacancy (the URL's `?step=`). */
  onStep: (step: WizardStep) => void;
  /** Whether the sandbox's payment is offered (dev mode). */
  sandbox: boolean;
}) {
  const { t } = useTranslation('vacancyEditor');
  const language = useLanguage();
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const desktop = useDesktop();
  const rules = (mode: Mode) => schemaResolver(vacancySchema(mode, t), { sync: true });
  const form = useForm<VacancyForm>({
    mode: 'controlled',
    initialValues: vacancy ? formFromVacancy(vacancy) : emptyForm(),
    validate: (values) => rules('draft')(values),
  });
  const create = useCreateVacancy();
  const update = useSaveVacancy();
  const publish = usePublishVacancy();
  const [productError, setProductError] = useState<string | null>(null);
  /** The products of a publishing waiting for the employer to confirm it without a pay range. */
  const [unpaidCodes, setUnpaidCodes] = useState<string[] | null>(null);
  const id = vacancy?.id ?? null;
  const shown: WizardStep = step === 'publish' && !vacancy ? 'basic' : step;
  const busy = create.isPending || update.isPending;

  function show(target: WizardStep) {
    if (target !== shown) onStep(target);
    window.scrollTo({ top: 0 });
  }

  /** Shows the first step with an error (errors of later steps wait until it is fixed). */
  function showErrors(paths: string[]) {
    const target = firstStepWithErrors(paths);
    if (target) show(target);
  }

  function showServerError(error: unknown, contents: number[]) {
    if (error instanceof ApiError && error.status === 400 && error.field) {
      if (error.field === 'productCodes') {
        setProductError(errorText(error));
        show('publish');
        return;
      }
      const path = toFormPath(error.field, contents);
      const target = stepOfField(path);
      if (target) {
        form.setFieldError(path, errorText(error));
        show(target);
        return;
      }
    }
    notifyError(errorText(error));
  }

  /**
   * Saves what changed (always when `always`), creating the vacancy on its first save; answers its
   * id, or null when a rule or the server refused.
   */
  async function save(always: boolean): Promise<string | null> {
    const check = form.validate();
    if (check.hasErrors) {
      showErrors(Object.keys(check.errors));
      return null;
    }
    const values = form.getValues();
    const contents = contentIndexes(values);
    try {
      if (!id) {
        const created = await create.mutateAsync(formToDocument(values));
        form.resetDirty(values);
        return created.id;
      }
      if (always || form.isDirty()) {
        await update.mutateAsync({ id, document: formToDocument(values) });
        form.resetDirty(values);
      }
      return id;
    } catch (error) {
      showServerError(error, contents);
      return null;
    }
  }

  async function goTo(target: WizardStep) {
    if (target === shown || busy) return;
    const saved = await save(false);
    if (!saved) return;
    if (!id) navigate(to(editorPath(saved, target)), { replace: true });
    else show(target);
  }

  async function saveDraft() {
    const saved = await save(true);
    if (!saved) return;
    notifySuccess(t('wizard.saved'));
    if (!id) navigate(to(editorPath(saved, shown)), { replace: true });
  }

  async function preview() {
    const saved = await save(false);
    if (saved) navigate(to(previewPath(saved, shown)));
  }

  async function publishWith(productCodes: string[], withoutPayConfirmed = false) {
    setProductError(null);
    const found = rules('publish')(form.getValues());
    if (Object.keys(found).length > 0) {
      form.setErrors(found);
      notifyError(t('wizard.incomplete'));
      showErrors(Object.keys(found));
      return;
    }
    // pay transparency (issue 35 §4): publishing without a pay range is asked once more, never refused
    if (!withoutPayConfirmed && !statesPay(form.getValues())) {
      setUnpaidCodes(productCodes);
      return;
    }
    const saved = await save(false);
    if (!saved) return;
    publish.mutate({ id: saved, productCodes }, { onError: (error) => showServerError(error, contentIndexes(form.getValues())) });
  }

  const stepProps: StepProps = { form, language };
  const StepFields = shown === 'publish' ? null : STEP_FIELDS[shown];
  const back = previousStep(shown);
  const index = stepIndex(shown);

  return (
    <Stack gap="lg">
      <Stepper
        active={index}
        onStepClick={(clicked) => void goTo(ALL_STEPS[clicked] ?? 'basic')}
        size={desktop ? 'sm' : 'xs'}
        styles={desktop ? undefined : NARROW_STEPPER}
      >
        {ALL_STEPS.map((name) => (
          <Stepper.Step key={name} label={t(`steps.${name}`)} />
        ))}
      </Stepper>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Text c="dimmed" size="sm">
            {t('wizard.stepOf', { step: index + 1, count: ALL_STEPS.length })}
          </Text>
          <Title order={2}>{t(`steps.${shown}`)}</Title>
        </Stack>
        <Button variant="default" leftSection={<IconEye size={18} />} onClick={() => void preview()} disabled={busy}>
          {t('wizard.preview')}
        </Button>
      </Group>
      {StepFields ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void goTo(nextStep(shown));
          }}
        >
          <Stack gap="xl">
            <StepBoundary step={shown}>
              <StepFields {...stepProps} />
            </StepBoundary>
            <Group justify="space-between" gap="sm">
              <Group gap="sm">
                {back && (
                  <Button variant="default" onClick={() => void goTo(back)} disabled={busy}>
                    {t('wizard.back')}
                  </Button>
                )}
              </Group>
              <Group gap="sm">
                <Button variant="default" onClick={() => void saveDraft()} loading={busy}>
                  {t('wizard.saveDraft')}
                </Button>
                <Button type="submit" loading={busy}>
                  {shown === 'autoReply' ? t('wizard.toPublishing') : t('wizard.next')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      ) : (
        vacancy && (
          <Stack gap="xl">
            <StepBoundary step={shown}>
              <PublishStep
                vacancy={vacancy}
                language={language}
                sandbox={sandbox}
                publishing={publish.isPending || busy}
                productError={productError}
                onPublish={(codes) => void publishWith(codes)}
              />
            </StepBoundary>
            <Modal opened={unpaidCodes !== null} onClose={() => setUnpaidCodes(null)} title={t('payTransparency.confirmTitle')} centered>
              <Stack gap="md">
                <Text size="sm">{t('payTransparency.confirmText')}</Text>
                <Group justify="flex-end" gap="sm">
                  <Button
                    variant="default"
                    onClick={() => {
                      setUnpaidCodes(null);
                      show('basic');
                    }}
                  >
                    {t('payTransparency.addRange')}
                  </Button>
                  <Button
                    onClick={() => {
                      const codes = unpaidCodes ?? [];
                      setUnpaidCodes(null);
                      void publishWith(codes, true);
                    }}
                  >
                    {t('payTransparency.publishAnyway')}
                  </Button>
                </Group>
              </Stack>
            </Modal>
            {back && (
              <Group>
                <Button variant="default" onClick={() => void goTo(back)} disabled={busy}>
                  {t('wizard.back')}
                </Button>
              </Group>
            )}
          </Stack>
        )
      )}
    </Stack>
  );
}
