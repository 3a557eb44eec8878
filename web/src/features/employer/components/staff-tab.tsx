import { Alert, Badge, Button, Card, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { ApiError } from '@/shared/api/errors';
import { setServerFieldError } from '@/shared/lib/server-field-errors';
import { z } from '@/shared/lib/zod';
import { notifySuccess } from '@/shared/ui/notify';
import { OptionalLabel } from '@/shared/ui/optional-label';

import { useEditStaffMember } from '../api/edit-staff-member';
import type { MyCompany } from '../api/get-my-company';
import { type StaffMember, useStaff } from '../api/get-staff';
import { useStaffInvitations } from '../api/get-staff-invitations';
import { useHandOverSupervisor } from '../api/hand-over-supervisor';
import { useInviteStaffMember } from '../api/invite-staff-member';
import { useRemoveStaffMember } from '../api/remove-staff-member';
import { useWithdrawStaffInvitation } from '../api/withdraw-staff-invitation';
import { NAMESPACE } from '../locales/texts';

const JOB_TITLE_MAX = 100;

const memberName = (m: StaffMember) => [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email;

type Editing = { member: StaffMember | null } | null;

function FormButtons({ pending, onDone }: { pending: boolean; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onDone}>
        {t('staff.cancel')}
      </Button>
      <Button type="submit" loading={pending}>
        {t('staff.save')}
      </Button>
    </Group>
  );
}

/** The invitation form: the e-mail and the job title. The name and phone are the person's own. */
function InviteForm({ company, onDone }: { company: MyCompany; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const invite = useInviteStaffMember(company);
  const schema = z.object({
    email: z.string().trim().min(1, t('general.required')).pipe(z.email(t('general.emailInvalid'))),
    jobTitle: z.string().trim().max(JOB_TITLE_MAX, t('staff.jobTitleTooLong', { max: JOB_TITLE_MAX })),
  });
  const form = useForm({ initialValues: { email: '', jobTitle: '' }, validate: schemaResolver(schema, { sync: true }) });
  const submit = form.onSubmit((v) =>
    invite.mutate(
      { email: v.email.trim(), jobTitle: v.jobTitle.trim() || null },
      {
        onSuccess: (sent) => {
          notifySuccess(t('staff.invited', { email: sent.email }));
          onDone();
        },
        onError: (error) => setServerFieldError(form, error),
      },
    ),
  );
  const unplaced = invite.error instanceof ApiError && !(invite.error.status === 400 && invite.error.field);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('staff.inviteHint')}
        </Text>
        <TextInput label={t('staff.email')} type="email" required {...form.getInputProps('email')} />
        <TextInput label={<OptionalLabel>{t('staff.jobTitle')}</OptionalLabel>} {...form.getInputProps('jobTitle')} />
        {unplaced && <Alert color="red" role="alert">{errorText(invite.error)}</Alert>}
        <FormButtons pending={invite.isPending} onDone={onDone} />
      </Stack>
    </form>
  );
}

/** What the company keeps about a member: the job title and the administrator tag; the name and phone are theirs to edit. */
function MemberForm({ company, member, onDone }: { company: MyCompany; member: StaffMember; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const edit = useEditStaffMember(company);
  const schema = z.object({
    jobTitle: z.string().trim().max(JOB_TITLE_MAX, t('staff.jobTitleTooLong', { max: JOB_TITLE_MAX })),
    isAdministrator: z.boolean(),
  });
  const form = useForm({
    initialValues: { jobTitle: member.jobTitle ?? '', isAdministrator: member.isAdministrator },
    validate: schemaResolver(schema, { sync: true }),
  });
  const submit = form.onSubmit((v) =>
    edit.mutate(
      // the supervisor's tag is not theirs to drop: their rights come with the role
      { userId: member.userId, body: { jobTitle: v.jobTitle.trim() || null, isAdministrator: member.isSupervisor ? null : v.isAdministrator } },
      {
        onSuccess: () => {
          notifySuccess(t('staff.saved'));
          onDone();
        },
        onError: (error) => setServerFieldError(form, error),
      },
    ),
  );
  const unplaced = edit.error instanceof ApiError && !(edit.error.status === 400 && edit.error.field);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Text fw={600}>{memberName(member)}</Text>
          <Text size="sm" c="dimmed">
            {member.email}
          </Text>
        </div>
        <Text size="sm" c="dimmed">
          {t('staff.ownDataHint')}
        </Text>
        <TextInput label={<OptionalLabel>{t('staff.jobTitle')}</OptionalLabel>} {...form.getInputProps('jobTitle')} />
        {member.isSupervisor ? (
          <Text size="sm">{t('staff.supervisorRights')}</Text>
        ) : (
          <Switch
            label={t('staff.administratorSwitch')}
            description={t('staff.administratorHint')}
            {...form.getInputProps('isAdministrator', { type: 'checkbox' })}
          />
        )}
        {unplaced && <Alert color="red" role="alert">{errorText(edit.error)}</Alert>}
        <FormButtons pending={edit.isPending} onDone={onDone} />
      </Stack>
    </form>
  );
}

/** The pending invitations, for the supervisor: the e-mail, "invited" and a withdraw button; nothing of the person's account. */
function InvitedList({ company }: { company: MyCompany }) {
  const { t } = useTranslation(NAMESPACE);
  const invitations = useStaffInvitations(company, company.isSupervisor);
  const withdraw = useWithdrawStaffInvitation(company);
  if (!invitations.data?.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('staff.invitedTitle')}>
      <Text fw={600}>{t('staff.invitedTitle')}</Text>
      {invitations.data.map((invitation) => (
        <Card key={invitation.id} withBorder padding="sm" component="article" aria-label={invitation.email}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {invitation.email}
                </Text>
                <Badge variant="light" color="gray">
                  {t('staff.invitedStatus')}
                </Badge>
              </Group>
              {invitation.jobTitle && (
                <Text size="sm" c="dimmed">
                  {invitation.jobTitle}
                </Text>
              )}
            </div>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={withdraw.isPending}
              onClick={() =>
                window.confirm(t('staff.confirmWithdraw', { email: invitation.email })) &&
                withdraw.mutate(invitation.id, { onSuccess: () => notifySuccess(t('staff.withdrawn', { email: invitation.email })) })
              }
            >
              {t('staff.withdraw')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The staff tab: everyone on the staff, administrators marked; the supervisor invites, edits the job titles and the administrator tag, removes, hands the role over and sees the pending invitations. */
export function StaffTab({ company }: { company: MyCompany }) {
  const { t } = useTranslation(NAMESPACE);
  const staff = useStaff(company);
  const remove = useRemoveStaffMember(company);
  const handOver = useHandOverSupervisor(company);
  const [editing, setEditing] = useState<Editing>(null);

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
        <Card key={member.userId} withBorder padding="sm" component="article" aria-label={memberName(member)}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Group gap="xs">
                <Text fw={600}>{memberName(member)}</Text>
                {member.isSupervisor && <Badge variant="light">{t('staff.supervisor')}</Badge>}
                {member.isAdministrator && !member.isSupervisor && <Badge variant="light">{t('staff.administrator')}</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {[member.jobTitle, member.email, member.phoneNumber].filter(Boolean).join(' · ')}
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
      {company.isSupervisor && <InvitedList company={company} />}
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={editing?.member ? t('staff.editTitle') : t('staff.add')} centered>
        {editing &&
          (editing.member ? (
            <MemberForm company={company} member={editing.member} onDone={() => setEditing(null)} />
          ) : (
            <InviteForm company={company} onDone={() => setEditing(null)} />
          ))}
      </Modal>
    </Stack>
  );
}
