import { ActionIcon, Alert, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { TextArea } from '@/shared/ui/text-area';

import { DEFAULT_WEIGHT, MAX_WEIGHT, MIN_WEIGHT, rowKey } from '../lib/form';
import { asksPayHistory } from '../lib/pay-transparency';
import { QUESTION_LIMIT } from '../lib/schema';
import { numberProps, type StepProps } from './step-props';

/** The most questions a vacancy asks. */
export const MAX_QUESTIONS = 20;

/** Step 4: the questions every applicant answers, each with a weight of 1 to 10; added, removed and reordered. */
export function QuestionsStep({ form }: StepProps) {
  const { t } = useTranslation('vacancyEditor');
  const questions = form.values.questions;

  function move(from: number, to: number) {
    form.reorderListItem('questions', { from, to });
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('questions.hint', { min: MIN_WEIGHT, max: MAX_WEIGHT })}
      </Text>
      {questions.length === 0 && <Text size="sm">{t('questions.none')}</Text>}
      {questions.map((row, index) => (
        <Card key={row.key} withBorder padding="md" radius="md" role="group" aria-label={t('questions.number', { number: index + 1 })}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {t('questions.number', { number: index + 1 })}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" color="gray" disabled={index === 0} aria-label={t('questions.up', { number: index + 1 })} onClick={() => move(index, index - 1)}>
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index === questions.length - 1}
                  aria-label={t('questions.down', { number: index + 1 })}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t('questions.remove', { number: index + 1 })} onClick={() => form.removeListItem('questions', index)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
            <TextArea label={t('fields.question')} required minRows={2} maxLength={QUESTION_LIMIT} {...form.getInputProps(`questions.${index}.question`)} />
            <PayHistoryWarning question={row.question} />
            <NumberInput
              label={t('fields.weight')}
              description={t('questions.weightHint', { min: MIN_WEIGHT, max: MAX_WEIGHT })}
              required
              min={MIN_WEIGHT}
              max={MAX_WEIGHT}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              maw={200}
              {...numberProps(form, `questions.${index}.weight`)}
            />
          </Stack>
        </Card>
      ))}
      <Group>
        <Button
          variant="light"
          disabled={questions.length >= MAX_QUESTIONS}
          onClick={() => form.insertListItem('questions', { key: rowKey(), question: '', weight: DEFAULT_WEIGHT })}
        >
          + {t('questions.add')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The warning under a question that asks about current or past pay (issue 35 §4): never blocks saving. */
function PayHistoryWarning({ question }: { question: string }) {
  const { t } = useTranslation('vacancyEditor');
  const found = asksPayHistory(question);
  if (found.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" role="status">
      {t('payTransparency.payHistory', { found: found.map((words) => `“${words}”`).join(', ') })}
    </Alert>
  );
}
