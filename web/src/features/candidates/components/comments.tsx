import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { TextArea } from '@/shared/ui/text-area';
import { tallinnDateTime } from '../lib/format';

import { useAddComment } from '../api/add-comment';
import { useComments } from '../api/comments';
import { useDeleteComment } from '../api/delete-comment';
import { NAMESPACE } from '../texts';

export const MAX_COMMENT = 2000;

/** The staff's comments on a candidate, and a form to add one; the applicant never sees them. */
export function Comments({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const comments = useComments(applicationId);
  const add = useAddComment();
  const remove = useDeleteComment();
  const form = useForm({
    initialValues: { body: '' },
    validate: { body: (value) => (value.trim() ? null : t('translation:common.required')) },
  });
  const submit = form.onSubmit(({ body }) =>
    add.mutate(
      { applicationId, body: body.trim() },
      {
        onSuccess: () => form.reset(),
        onError: (error) => form.setFieldError('body', error instanceof ApiError ? errorText(error) : String(error)),
      },
    ),
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="comments-title">
      <Title order={3} id="comments-title">
        {t('comments.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('comments.help')}
      </Text>
      {comments.isError && <Text c="red">{errorText(comments.error)}</Text>}
      {comments.data?.length === 0 && <Text c="dimmed">{t('comments.empty')}</Text>}
      {comments.data?.map((comment) => {
        const author = [comment.author.firstname, comment.author.lastname].filter(Boolean).join(' ') || comment.author.username || '—';
        return (
          <Card key={comment.commentId} withBorder padding="sm" radius="md" component="article" aria-label={author}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  {t('comments.by', { author, date: tallinnDateTime(comment.createdAt) })}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {comment.body}
                </Text>
              </Stack>
              {comment.deletable && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('comments.delete')}
                  loading={remove.isPending && remove.variables?.commentId === comment.commentId}
                  onClick={() => remove.mutate({ applicationId, commentId: comment.commentId })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          </Card>
        );
      })}
      <form onSubmit={submit}>
        <Stack gap="xs">
          <TextArea withAsterisk label={t('comments.label')} minRows={2} maxLength={MAX_COMMENT} {...form.getInputProps('body')} />
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('comments.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
