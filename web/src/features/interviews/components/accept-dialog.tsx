import { Alert, Button, Center, Group, Loader, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { notifySuccess } from '@/shared/ui/notify';
import { TextArea } from '@/shared/ui/text-area';

import { useAcceptInterview } from '../api/accept-interview';
import { useInterviewSlots } from '../api/get-slots';
import type { ApplicantInterview } from '../api/types';
import { formatPeriod, formatTime } from '../lib/format';
import { endOf, needsStartChoice, startOptions } from '../lib/slots';

export const MESSAGE_LIMIT = 2000;

interface AcceptDialogProps {
  interview: ApplicantInterview | null;
  onClose: () => void;
}

/**
 * Accepting an invitation: one of the offered slots, a start inside it when the slot is longer than
 * the interview (the end follows from the duration), and a message to the employer.
 */
export function AcceptDialog({ interview, onClose }: AcceptDialogProps) {
  const { t } = useTranslation('interviews');
  return (
    <Modal opened={!!interview} onClose={onClose} title={t('accept.title')} centered size="lg">
      {interview && <AcceptForm key={interview.interviewId} interview={interview} onClose={onClose} />}
    </Modal>
  );
}

function AcceptForm({ interview, onClose }: { interview: ApplicantInterview; onClose: () => void }) {
  const { t } = useTranslation('interviews');
  const language = useLanguage();
  const slots = useInterviewSlots(interview.interviewId);
  const accept = useAcceptInterview();
  const [slotId, setSlotId] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  const duration = slots.data?.durationMinutes ?? interview.durationMinutes;
  const offered = slots.data?.slots ?? [];
  const slot = offered.find((candidate) => candidate.slotId === slotId && candidate.choosable) ?? null;
  const starts = useMemo(() => (slot ? startOptions(slot) : []), [slot]);

  // the only choosable slot is chosen for the applicant
  useEffect(() => {
    const open = (slots.data?.slots ?? []).filter((candidate) => candidate.choosable);
    if (open.length === 1 && slotId === null) setSlotId(open[0].slotId);
  }, [slots.data, slotId]);

  useEffect(() => {
    setStart((current) => (current && starts.includes(current) ? current : (starts[0] ?? null)));
  }, [starts]);

  function submit() {
    if (!start) return;
    accept.mutate(
      { interviewId: interview.interviewId, start, end: endOf(start, duration), message },
      {
        onSuccess: () => {
          notifySuccess(t('accept.done'));
          onClose();
        },
      },
    );
  }

  if (slots.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label={t('translation:common.loading')} />
      </Center>
    );
  }
  if (slots.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(slots.error)}
      </Alert>
    );
  }

  const anyChoosable = offered.some((candidate) => candidate.choosable);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <Text size="sm">{t('accept.intro', { count: duration })}</Text>
        {anyChoosable ? (
          <Radio.Group label={t('accept.slots')} value={slotId} onChange={setSlotId} required>
            <Stack gap="xs" mt="xs">
              {offered.map((candidate) => (
                <Radio
                  key={candidate.slotId}
                  value={candidate.slotId}
                  disabled={!candidate.choosable}
                  label={formatPeriod(candidate.start, candidate.end, language)}
                  description={candidate.choosable ? undefined : t('accept.slotGone')}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Alert color="orange">{t('accept.noSlots')}</Alert>
        )}
        {slot && needsStartChoice(slot) && (
          <Select
            label={t('accept.start')}
            data={starts.map((value) => ({ value, label: formatTime(value, language) }))}
            value={start}
            onChange={setStart}
            allowDeselect={false}
            maxDropdownHeight={240}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {slot && start && (
          <Text size="sm" fw={600}>
            {t('accept.chosen', { period: formatPeriod(start, endOf(start, duration), language) })}
          </Text>
        )}
        <TextArea
          label={t('accept.message')}
          description={t('accept.messageHint')}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={MESSAGE_LIMIT}
          minRows={3}
          maxRows={8}
        />
        {accept.isError && (
          <Alert color="red" role="alert">
            {errorText(accept.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={accept.isPending}>
            {t('translation:common.cancel')}
          </Button>
          <Button type="submit" disabled={!start || accept.isPending} loading={accept.isPending}>
            {t('accept.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
