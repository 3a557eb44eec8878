import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorText } from '@/shared/api/error-text';
import { useStartChat } from '@/shared/chat/use-start-chat';
import { InviteDialog } from '@/shared/interviews/invite-dialog';

import { candidatesQueryKey } from '../api/get-candidates';
import type { CandidateItem } from '../api/types';
import { NAMESPACE } from '../texts';

/**
 * Whether the employer may invite the candidate to an interview: the server invites the applicant
 * of a live application (`interviews::live_application`: not deleted, withdrawn or anonymised).
 * A candidate the employer can open is workable, withdrawn and anonymised ones answer 404, so the
 * status is what is left to read.
 */
export function canInvite(candidate: Pick<CandidateItem, 'status'>): boolean {
  return candidate.status !== 'DELETED';
}

/**
 * Whether the employer may start (or open) the chat about the application: the server starts it
 * from a live, workable application as for an invitation; a chat it refuses (`chat_read_only`)
 * shows its message next to the button.
 */
export function canMessage(candidate: Pick<CandidateItem, 'status'>): boolean {
  return candidate.status !== 'DELETED';
}

/**
 * The candidate's actions of the other parts of issue 17: "Invite to interview" (the dialog in
 * `shared/interviews/`), "Message" (starts or finds the chat about the application and opens it
 * on the employer's messages page, `shared/chat/use-start-chat.ts`), and whatever the caller adds.
 */
export function CandidateActions({ candidate, name, children }: { candidate: CandidateItem; name: string; children?: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const chat = useStartChat();
  const invitable = canInvite(candidate);
  const messageable = canMessage(candidate);
  if (!invitable && !messageable && !children) return null;
  return (
    <Group role="group" aria-label={t('actions')} gap="xs" data-slot="candidate-actions">
      {invitable && (
        <>
          <Button size="xs" onClick={() => setInviting(true)}>
            {t('invite')}
          </Button>
          <InviteDialog
            applicationId={candidate.applicationId}
            candidateName={name}
            opened={inviting}
            onClose={() => setInviting(false)}
            onInvited={() => void client.invalidateQueries({ queryKey: candidatesQueryKey })}
          />
        </>
      )}
      {messageable && (
        <Button size="xs" variant="light" loading={chat.isPending} onClick={() => chat.start(candidate.applicationId)}>
          {t('message')}
        </Button>
      )}
      {children}
      {chat.isError && (
        <Text size="sm" c="red" role="alert" w="100%">
          {errorText(chat.error)}
        </Text>
      )}
    </Group>
  );
}
