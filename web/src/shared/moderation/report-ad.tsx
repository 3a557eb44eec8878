import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { TextArea } from '@/shared/ui/text-area';

import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason, useReportVacancy } from './report-vacancy';
import { REPORT_NAMESPACE } from './texts';

/** "Report this ad", for anyone: a reason, an optional text, and a thank-you. */
export function ReportAd({ vacancyId }: { vacancyId: string }) {
  const { t } = useTranslation(REPORT_NAMESPACE);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group>
        <Button variant="subtle" color="gray" size="compact-sm" onClick={() => setOpened(true)}>
          {t('open')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('title')} centered>
        {opened && <ReportForm vacancyId={vacancyId} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function ReportForm({ vacancyId, onClose }: { vacancyId: string; onClose: () => void }) {
  const { t } = useTranslation(REPORT_NAMESPACE);
  const report = useReportVacancy();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  if (report.isSuccess) {
    return (
      <Stack>
        <Alert color="green" role="status" title={t('thanks.title')}>
          {t('thanks.text')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('close')}
          </Button>
        </Group>
      </Stack>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    report.mutate({ vacancyId, reason, text });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Radio.Group
          label={t('reason')}
          required
          value={reason}
          onChange={(value) => {
            setReason(value as ReportReason);
            setMissing(false);
          }}
          error={missing ? t('reasonMissing') : undefined}
        >
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((value) => (
              <Radio key={value} value={value} label={t(`reasons.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <TextArea
          label={t('text')}
          description={t('textHint', { max: REPORT_TEXT_MAX })}
          minRows={2}
          maxLength={REPORT_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t('privacy')}
        </Text>
        {report.isError && (
          <Alert color="red" role="alert">
            {errorText(report.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={report.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" color="red" loading={report.isPending}>
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
