import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { isValidPhone, phoneFieldValue, phoneToStore } from '@/shared/lib/phone';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';

import type { MyCompany } from '../api/get-my-company';
import { type StaffMember, useStaff } from '../api/get-staff';
import { useHandOverSupervisor } from '../api/hand-over-supervisor';
import { useRemoveStaffMember } from '../api/remove-staff-member';
import { useSaveStaffMember } from '../api/save-staff-member';
import { NAMESPACE } from '../locales/texts';

type Editing = { member: StaffMember | null } | null;

function StaffForm({ company, member, onDone }: { company: MyCompany; member: StaffMember | null; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const save = useSaveStaffMember(company);
  const schema = z.object({
    email: z.string().trim().min(1, t('general.required')).pipe(z.email(t('general.emailInvalid'))),
    firstname: z.string().trim().min(1, t('general.required')),
    lastname: z.string().trim().min(1, t('general.required')),
    phoneNumber: z.string().refine((v) => isValidPhone(phoneToStore(v)), t('general.phoneInvalid')),
  });
  const form = useForm({
    initialValues: {
      email: member?.email ?? '',
      firstname: member?.firstname ?? '',
      lastname: member?.lastname ?? '',
      phoneNumber: phoneFieldValue(member?.phoneNumber),
    },
    validate: schemaResolver(schema, { sync: true }),
  });
  const submit = form.onSubmit((v) =>
    save.mutate(
      { email: v.email.trim(), firstname: v.firstname.trim(), lastname: v.lastname.trim(), phoneNumber: phoneToStore(v.phoneNumber) },
      {
        onSuccess: (saved) => {
          notifySuccess(member ? t('staff.saved') : t('staff.added', { email: saved.email }));
          onDone();
        },
        onError: (error) => setServerFieldError(form, error),
      },
    ),
  );
  const unplaced = save.error instanceof ApiError && !(save.error.status === 400 && save.error.field);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('staff.email')} type="email" required readOnly={!!member} {...form.getInputProps('email')} />
        <TextInput label={t('staff.firstname')} required {...form.getInputProps('firstname')} />
        <TextInput label={t('staff.lastname')} required {...form.getInputProps('lastname')} />
        <TextInput label={t('staff.phone')} description={t('general.phoneHint')} type="tel" required {...form.getInputProps('phoneNumber')} />
        {unplaced && <Alert color="red" role="alert">{errorText(save.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('staff.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('staff.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The staff tab: everyone on the staff; the supervisor adds, edits, removes and hands the role over. */
export function StaffTab({ company }: { company: MyCompany }) {
  const { t } = useTranslation(NAMESPACE);
  const staff = useStaff(company);
  const remove = useRemoveStaffMember(company);
  const handOver = useHandOverSupervisor(company);
  const [editing, setEditing] = useState<Editing>(null);
  const name = (m: StaffMember) => [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email;

  return (
    <Stack>
      {company.isSupervisor ? (
        <Button w="fit-content" onClick={() => setEditing({ member: null })}>
          {t('staff.add')}
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          {t('staff.onlySupervisor')}
        </Text>
      )}
      {(staff.data ?? []).map((member) => (
        <Card key={member.userId} withBorder padding="sm" component="article" aria-label={name(member)}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Group gap="xs">
                <Text fw={600}>{name(member)}</Text>
                {member.isSupervisor && <Badge variant="light">{t('staff.supervisor')}</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {[member.email, member.phoneNumber].filter(Boolean).join(' · ')}
              </Text>
            </div>
            {company.isSupervisor && (
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => setEditing({ member })}>
                  {t('staff.edit')}
                </Button>
                {!member.isSupervisor && (
                  <>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={handOver.isPending}
                      onClick={() =>
                        window.confirm(t('staff.confirmHandOver', { email: member.email })) &&
                        handOver.mutate(member.userId, { onSuccess: () => notifySuccess(t('staff.handedOver', { email: member.email })) })
                      }
                    >
                      {t('staff.makeSupervisor')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      disabled={remove.isPending}
                      onClick={() =>
                        window.confirm(t('staff.confirmRemove', { email: member.email })) &&
                        remove.mutate(member.userId, { onSuccess: () => notifySuccess(t('staff.removed', { email: member.email })) })
                      }
                    >
                      {t('staff.remove')}
                    </Button>
                  </>
                )}
              </Group>
            )}
          </Group>
        </Card>
      ))}
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={editing?.member ? t('staff.editTitle') : t('staff.add')} centered>
        {editing && <StaffForm company={company} member={editing.member} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
