import { Alert, Button, Group, Modal, Stack, Stepper, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { errorText } from '@/shared/api/error-text';
import type { Me } from '@/shared/api/types';
import { useLanguage } from '@/shared/i18n/use-language';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { notifySuccess } from '@/shared/ui/notify';
import { useDesktop } from '@/shared/ui/use-desktop';
import { StepBoundary } from '@/shared/ui/step-boundary';

import { useDeleteCvPdf, useUploadCvPdf } from '../api/cv-pdf';
import { useCv } from '../api/get-cv';
import { useSaveCv } from '../api/save-cv';
import type { Cv } from '../api/types';
import { clearDraft, draftKey, loadDraft, moveDraft, storeDraft } from '../lib/draft';
import { type CvForm, formFromCv, formFromProfile, formToInput } from '../lib/form';
import { cvSchema, todayIso } from '../lib/schema';
import { errorsOfStep, firstStepWithErrors, SERVER_FIELD_NAMES, STEPS, stepOfField } from '../lib/steps';
import { AdditionalStep } from './additional-step';
import { CvFileField, MAX_PDF_BYTES } from './cv-file-field';
import { EducationStep } from './education-step';
import { GeneratedPdfButton } from './generated-pdf-button';
import { ExperienceStep } from './experience-step';
import { PersonalStep } from './personal-step';
import { PreferredJobStep } from './preferred-job-step';
import { SkillsStep } from './skills-step';
import type { StepProps } from './step-props';

/**
 * On a narrow screen the steps show their numbers only, with short separators; each step's name
 * stays in the button for readers, so its name holds what it shows (WCAG 2.5.3).
 */
const NARROW_STEPPER = {
  separator: { marginInline: 4 },
  stepBody: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
} as const;

const STEP_FIELDS = [PersonalStep, EducationStep, ExperienceStep, SkillsStep, PreferredJobStep] as const;

interface Start {
  form: CvForm;
  step: number;
  restoredAt: string | null;
}

/** The draft of this user and CV if one is kept, else the saved CV, else the profile. */
function startOf(me: Me, cvId: string | null, savedCv: Cv | null): Start {
  const draft = loadDraft(localStorage, draftKey(me.username, cvId));
  if (draft) return { form: draft.form, step: draft.step, restoredAt: draft.savedAt };
  return { form: savedCv ? formFromCv(savedCv) : formFromProfile(me), step: 0, restoredAt: null };
}

/**
 * The six-step CV wizard, one @mantine/form form checked by the CV's zod schema. Each step checks
 * its own fields before the next; saving checks them all and is offered on every step once they
 * hold. Unsaved work is kept in localStorage per user and CV, so a reload finds it; a successful
 * save clears it.
 */
export function CvWizard({ me, initialCvId, savedCv, onCreated }: { me: Me; initialCvId: string | null; savedCv: Cv | null; onCreated: (cvId: string) => void }) {
  const { t, i18n } = useTranslation('cv');
  const language = useLanguage();
  const navigate = useNavigate();
  const desktop = useDesktop();
  const [cvId, setCvId] = useState(initialCvId);
  const storageKey = draftKey(me.username, cvId);
  const [start] = useState(() => startOf(me, initialCvId, savedCv));
  const [active, setActive] = useState(start.step);
  const [restoredAt, setRestoredAt] = useState(start.restoredAt);
  /** Whether there is work to keep: changed here, or restored from a draft. */
  const [dirty, setDirty] = useState(start.restoredAt !== null);
  const today = todayIso();
  const validate = useMemo(() => schemaResolver(cvSchema(t, today), { sync: true }), [t, today]);
  const form = useForm<CvForm>({ initialValues: start.form, validate, onValuesChange: () => setDirty(true) });
  const { values } = form;
  const [problem, setProblem] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const save = useSaveCv();
  const uploadPdf = useUploadCvPdf();
  const deletePdf = useDeleteCvPdf();
  const cv = useCv(cvId);

  useEffect(() => {
    if (dirty) storeDraft(localStorage, storageKey, values, active);
  }, [dirty, storageKey, values, active]);

  const complete = form.isValid();

  function goTo(step: number) {
    setActive(step);
    window.scrollTo({ top: 0 });
  }

  function next() {
    const found = errorsOfStep(validate(values), active);
    form.setErrors((current) => ({ ...errorsOfStep(current, active, { others: true }), ...found }));
    if (Object.keys(found).length === 0) goTo(active + 1);
  }

  /** A field error of the server shows on its field, on its step; any other failure above the buttons. */
  function showSaveError(error: unknown) {
    const path = setServerFieldError(form, error, { renames: SERVER_FIELD_NAMES, accept: (field) => stepOfField(field) !== null });
    if (path) {
      setProblem(null);
      goTo(stepOfField(path) ?? active);
    } else {
      setProblem(errorText(error));
    }
  }

  function submit() {
    const step = firstStepWithErrors(form.validate().errors);
    if (step !== null) {
      goTo(step);
      return;
    }
    setProblem(null);
    save.mutate(formToInput(values, { cvId }), {
      onSuccess: () => {
        setDirty(false);
        clearDraft(localStorage, storageKey);
        notifySuccess(t('wizard.saved'));
        navigate(`/${language}/account/my-cv`);
      },
      onError: showSaveError,
    });
  }

  /** Makes the CV just created on the server the one this wizard edits, draft and URL included. */
  function adopt(id: string) {
    moveDraft(localStorage, storageKey, draftKey(me.username, id));
    setCvId(id);
    onCreated(id);
  }

  async function uploadPdfFile(file: File) {
    setPdfError(null);
    if (file.size > MAX_PDF_BYTES) {
      setPdfError(t('pdf.tooLarge'));
      return;
    }
    let id = cvId;
    if (!id) {
      // a PDF belongs to a saved CV: one not saved yet is saved first as unfinished
      try {
        id = (await save.mutateAsync(formToInput(values, { draft: true }))).cvId;
      } catch (error) {
        showSaveError(error);
        return;
      }
      adopt(id);
    }
    uploadPdf.mutate({ cvId: id, file }, { onSuccess: () => notifySuccess(t('pdf.uploaded')), onError: (error) => setPdfError(errorText(error)) });
  }

  function removePdf() {
    if (!cvId) return;
    setPdfError(null);
    deletePdf.mutate(cvId, { onSuccess: () => notifySuccess(t('pdf.removed')) });
  }

  function discard() {
    clearDraft(localStorage, storageKey);
    // setting the values clears every error too
    form.setValues(cv.data ? formFromCv(cv.data) : formFromProfile(me));
    setDirty(false);
    setRestoredAt(null);
    setProblem(null);
    setConfirmDiscard(false);
    goTo(0);
    notifySuccess(t('wizard.discarded'));
  }

  const stepProps: StepProps = { form, language };
  const StepFields = STEP_FIELDS[active];
  const last = active === STEPS.length - 1;
  const pdf = cv.data?.pdf ?? (cvId === initialCvId ? savedCv?.pdf : null);
  const restoredTime = restoredAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(restoredAt))
    : null;

  return (
    <Stack gap="lg">
      {restoredTime && (
        <Alert color="blue" variant="light" withCloseButton closeButtonLabel={t('translation:common.close')} onClose={() => setRestoredAt(null)}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('wizard.draftRestored', { time: restoredTime })}</Text>
            <Button size="xs" variant="subtle" onClick={() => setConfirmDiscard(true)}>
              {t('wizard.discardDraft')}
            </Button>
          </Group>
        </Alert>
      )}
      <Stepper
        active={active}
        onStepClick={goTo}
        allowNextStepsSelect={false}
        size={desktop ? 'sm' : 'xs'}
        // six numbered steps fit a 375 px screen only with short separators
        styles={desktop ? undefined : NARROW_STEPPER}
      >
        {STEPS.map((step) => (
          <Stepper.Step key={step} label={t(`steps.${step}`)} />
        ))}
      </Stepper>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Text c="dimmed" size="sm">
            {t('wizard.stepOf', { step: active + 1, count: STEPS.length })}
          </Text>
          <Title order={2}>{t(`steps.${STEPS[active]}`)}</Title>
        </Stack>
        {cvId && <GeneratedPdfButton cvId={cvId} />}
      </Group>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (last) submit();
          else next();
        }}
      >
        <Stack gap="lg">
          <StepBoundary step={active}>
            {StepFields ? (
              <StepFields {...stepProps} />
            ) : (
              <AdditionalStep
                {...stepProps}
                pdf={
                  <CvFileField
                    pdf={pdf}
                    busy={uploadPdf.isPending || deletePdf.isPending || (save.isPending && !cvId)}
                    error={pdfError}
                    onUpload={(file) => void uploadPdfFile(file)}
                    onRemove={removePdf}
                  />
                }
              />
            )}
          </StepBoundary>
          {Object.keys(errorsOfStep(form.errors, active)).length > 0 && (
            <Text c="red" size="sm" role="alert">
              {t('wizard.checkFields')}
            </Text>
          )}
          {problem && (
            <Alert color="red" title={t('wizard.problems')} role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              {active > 0 && (
                <Button variant="default" onClick={() => goTo(active - 1)}>
                  {t('wizard.back')}
                </Button>
              )}
              {dirty && (
                <Button variant="subtle" color="gray" onClick={() => setConfirmDiscard(true)}>
                  {t('wizard.discardDraft')}
                </Button>
              )}
            </Group>
            <Group gap="sm">
              {!last && (
                <Button variant={complete ? 'default' : 'filled'} type="submit">
                  {t('wizard.next')}
                </Button>
              )}
              {(last || complete) && (
                <Button type={last ? 'submit' : 'button'} onClick={last ? undefined : submit} loading={save.isPending} disabled={save.isPending}>
                  {t('wizard.save')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
      <Modal opened={confirmDiscard} onClose={() => setConfirmDiscard(false)} title={t('wizard.discardTitle')} centered>
        <Stack>
          <Text>{t('wizard.discardText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDiscard(false)}>
              {t('translation:common.cancel')}
            </Button>
            <Button color="red" onClick={discard}>
              {t('wizard.discardDraft')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
