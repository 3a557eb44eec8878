import { ActionIcon, Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';
import { TextArea } from '@/shared/ui/text-area';

import { useAddCompanyComment } from '../api/add-company-comment';
import { useDeleteCompanyComment } from '../api/delete-company-comment';
import { type CompanyComment, MAX_COMPANY_COMMENT, useCompanyComments } from '../api/get-company-comments';
import type { CompanyKey } from '../api/get-company-prices';
import { auditTime } from '../lib/audit-format';
import { ListStatus } from './list-status';

function authorOf(comment: CompanyComment, unknown: string): string {
  const { firstname, lastname, username } = comment.author;
  return [firstname, lastname].filter(Boolean).join(' ') || username || unknown;
}

/** The back office's comments on a company: write one, read them newest first, delete one. */
export function CompanyComments({ company }: { company: CompanyKey }) {
  const { t } = useTranslation('admin');
  const comments = useCompanyComments(company);
  const add = useAddCompanyComment(company);
  const remove = useDeleteCompanyComment(company);
  const schema = z.object({
    body: z.string().trim().min(1, t('comments.required')).max(MAX_COMPANY_COMMENT, t('comments.tooLong', { max: MAX_COMPANY_COMMENT })),
  });
  const form = useForm({ mode: 'uncontrolled', initialValues: { body: '' }, validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit(({ body }) =>
    add.mutate(body.trim(), {
      onSuccess: () => {
        form.reset();
        notifySuccess(t('comments.added'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.field === 'body') form.setFieldError('body', errorText(error));
      },
    }),
  );
  const unplaced = add.isError && !(add.error instanceof ApiError && add.error.field === 'body');
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {t('comments.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('comments.intro')}
          </Text>
        </div>
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <TextArea withAsterisk key={form.key('body')} label={t('comments.new')} minRows={2} maxRows={8} {...form.getInputProps('body')} />
            {unplaced && (
              <Alert color="red" role="alert">
                {errorText(add.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                {t('comments.add')}
              </Button>
            </Group>
          </Stack>
        </form>
        {comments.data?.map((comment) => (
          <Card key={comment.commentId} withBorder padding="sm" bg="gray.0">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {authorOf(comment, t('comments.unknownAuthor'))} · {auditTime(comment.createdAt)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {comment.body}
                </Text>
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('comments.deleteNamed', { when: auditTime(comment.createdAt) })}
                loading={remove.isPending && remove.variables === comment.commentId}
                onClick={() => remove.mutate(comment.commentId, { onSuccess: () => notifySuccess(t('comments.deleted')) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Card>
        ))}
        {comments.isSuccess && comments.data.length === 0 && <Text c="dimmed">{t('comments.empty')}</Text>}
        <ListStatus query={comments} />
      </Stack>
    </Card>
  );
}
