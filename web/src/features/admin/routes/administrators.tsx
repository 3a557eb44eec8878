import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '@/shared/api/errors';
import { errorText } from '@/shared/api/error-text';
import { ensureNamespace } from '@/shared/i18n';
import { isValidPhone } from '@/shared/lib/phone';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { z } from '@/shared/lib/zod';
import { useMe } from '@/shared/session/me';
import { notifySuccess } from '@/shared/ui/notify';
import { Page } from '@/shared/ui/page';
import { estonianDate } from '@/shared/vacancies/format';

import { useAddAdministrator } from '../api/add-administrator';
import { type Administrator, useAdministrators } from '../api/get-administrators';
import { useRemoveAdministrator } from '../api/remove-administrator';
import { PersonCell } from '../components/people-table';
import { ResponsiveList } from '../components/responsive-list';
import { texts } from '../texts';

export const loader = () => ensureNamespace('admin', texts);

const ALREADY_REGISTERED = 'This user is already registered in the system';

function AddAdministrator() {
  const { t } = useTranslation('admin');
  const add = useAddAdministrator();
  const schema = z.object({
    email: z.string().trim().min(1, t('prices.required')).pipe(z.email(t('admins.invalidEmail'))),
    firstname: z.string().trim().min(1, t('prices.required')).max(100, t('prices.tooLong', { max: 100 })),
    lastname: z.string().trim().min(1, t('prices.required')).max(100, t('prices.tooLong', { max: 100 })),
    phoneNumber: z.string().trim().min(1, t('prices.required')).refine(isValidPhone, t('admins.phoneFormat')),
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', firstname: '', lastname: '', phoneNumber: '+372 ' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    add.mutate(values, {
      onSuccess: (added) => {
        notifySuccess(t('admins.added', { name: added.email }));
        form.reset();
      },
      onError: (error) => {
        // the spec's message (section 8), in the reader's language
        if (error instanceof ApiError && error.field === 'email' && error.message === ALREADY_REGISTERED) {
          form.setFieldError('email', t('admins.alreadyRegistered'));
          return;
        }
        setServerFieldError(form, error);
      },
    }),
  );
  return (
    <Card withBorder component="section" aria-labelledby="add-administrator">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="add-administrator">
            {t('admins.addTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput key={form.key('email')} label={t('admins.email')} type="email" required autoComplete="off" {...form.getInputProps('email')} />
            <TextInput key={form.key('phoneNumber')} label={t('admins.phone')} description={t('admins.phoneHint')} required {...form.getInputProps('phoneNumber')} />
            <TextInput key={form.key('firstname')} label={t('admins.firstname')} required {...form.getInputProps('firstname')} />
            <TextInput key={form.key('lastname')} label={t('admins.lastname')} required {...form.getInputProps('lastname')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={add.isPending}>
              {t('admins.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** `/admin/administrators` (SUPERVISOR only): the administrators; add one by e-mail, name and phone, remove one. */
export function Component() {
  const { t } = useTranslation('admin');
  const me = useMe();
  const administrators = useAdministrators();
  const remove = useRemoveAdministrator();
  const [removing, setRemoving] = useState<Administrator | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.email, {
      onSuccess: () => {
        notifySuccess(t('admins.removed', { name: removing.email }));
        setRemoving(null);
      },
    });
  };
  return (
    <Page title={t('admins.title')} size="lg">
      <Stack gap="md">
        <AddAdministrator />
        <ResponsiveList
          rows={administrators.data ?? []}
          rowKey={(admin) => admin.userId}
          columns={[
            {
              header: t('people.person'),
              cell: (admin) => <PersonCell firstname={admin.firstname} lastname={admin.lastname} email={admin.email} phoneNumber={admin.phoneNumber} />,
            },
            {
              header: t('admins.role'),
              cell: (admin) => (
                <Badge variant="light" color={admin.supervisor ? 'grape' : 'blue'}>
                  {admin.supervisor ? t('admins.supervisor') : t('admins.admin')}
                </Badge>
              ),
            },
            { header: t('people.registered'), cell: (admin) => estonianDate(admin.createdAt) },
          ]}
          actions={{
            header: t('companies.actions'),
            cell: (admin) =>
              admin.email !== me.data?.username && (
                <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(admin)} aria-label={t('admins.removeNamed', { name: admin.email })}>
                  {t('admins.remove')}
                </Button>
              ),
          }}
          cardLabel={(admin) => admin.email}
          label={t('admins.title')}
          minWidth={640}
          table={{ striped: true }}
          query={administrators}
        />
      </Stack>
      <Modal opened={!!removing} onClose={() => setRemoving(null)} title={t('admins.removeTitle')} centered>
        <Stack>
          <Text size="sm">{t('admins.removeText', { name: removing?.email ?? '' })}</Text>
          {remove.isError && (
            <Text c="red" size="sm" role="alert">
              {errorText(remove.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)} disabled={remove.isPending}>
              {t('translation:common.cancel')}
            </Button>
            <Button color="red" onClick={confirmRemove} loading={remove.isPending}>
              {t('admins.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}
