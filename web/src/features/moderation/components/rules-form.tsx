import { Alert, Button, Card, Checkbox, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { notifySuccess } from '@/shared/ui/notify';

import { type ModerationRules, useModerationRules } from '../api/get-rules';
import { useSetModerationRules } from '../api/set-rules';
import { NAMESPACE } from '../texts';

/** The rules of which publications wait for review; a change applies to the next publications. */
export function RulesForm() {
  const { t } = useTranslation(NAMESPACE);
  const rules = useModerationRules();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="moderation-rules-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="moderation-rules-title">
          {t('rules.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('rules.intro')}
        </Text>
        {rules.data && <RulesFields key={JSON.stringify(rules.data)} initial={rules.data} />}
        {rules.isError && (
          <Alert color="red" role="alert">
            {errorText(rules.error)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function RulesFields({ initial }: { initial: ModerationRules }) {
  const { t } = useTranslation(NAMESPACE);
  const save = useSetModerationRules();
  const [rules, setRules] = useState(initial);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(rules, { onSuccess: () => notifySuccess(t('rules.saved')) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NumberInput
          label={t('rules.firstAds')}
          description={t('rules.firstAdsHint')}
          min={0}
          max={1000}
          allowDecimal={false}
          allowNegative={false}
          value={rules.firstAdsWithoutContract}
          onChange={(value) => setRules({ ...rules, firstAdsWithoutContract: typeof value === 'number' ? value : 0 })}
          maw={320}
        />
        <Checkbox
          label={t('rules.strongSignal')}
          checked={rules.strongSignalWaits}
          onChange={(event) => setRules({ ...rules, strongSignalWaits: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('rules.editAfterApproval')}
          checked={rules.editAfterApprovalWaits}
          onChange={(event) => setRules({ ...rules, editAfterApprovalWaits: event.currentTarget.checked })}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('rules.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
