import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/shared/i18n/use-language';

import type { EmployerVacancy } from '../api/get-my-vacancies';
import { actionsFor, editPath, previewPath, publishPath, type VacancyAction } from '../lib/actions';
import { openInvoice } from '../lib/format';
import { NAMESPACE } from '../texts';

/** The actions that open another screen, by the path below the language they lead to. */
const LINKS: Partial<Record<VacancyAction, (id: string) => string>> = {
  publish: publishPath,
  edit: editPath,
  preview: previewPath,
};

const DANGER: VacancyAction[] = ['delete', 'deleteDraft'];

/** Red for the actions that destroy: red 9, since Mantine's red 6 on white is 3.3:1 (WCAG AA wants 4.5:1). */
const DANGER_COLOR = 'red.9';

/** "Publish" as a button of its own, for a vacancy that can be published (also in the menu). */
export function PublishButton({ vacancy }: { vacancy: EmployerVacancy }) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  if (!actionsFor(vacancy.displayedState).includes('publish')) return null;
  return (
    <Button component={Link} to={to(publishPath(vacancy.id))} size="xs">
      {t('actions.publish')}
    </Button>
  );
}

/** The label of an action; the moderator's names whether there is one to change. */
function labelKey(action: VacancyAction, vacancy: EmployerVacancy) {
  return action === 'assignModerator' && vacancy.moderator ? 'actions.changeModerator' : `actions.${action}`;
}

/**
 * Every action the vacancy's state allows: links open their screen, the others go to `onAction`.
 * The moderator only for those who may delegate (`mayDelegate`); the others read it on the row.
 */
export function ActionsMenu({
  vacancy,
  title,
  mayDelegate,
  onAction,
}: {
  vacancy: EmployerVacancy;
  title: string;
  mayDelegate: boolean;
  onAction: (action: VacancyAction) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const to = useLocalizedPath();
  // paying needs the open invoice the row names
  const actions = actionsFor(vacancy.displayedState).filter(
    (action) => (action !== 'pay' || openInvoice(vacancy)) && (action !== 'assignModerator' || mayDelegate),
  );
  if (!actions.length) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="input-xs" aria-label={t('actionsOf', { title })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const link = LINKS[action];
          if (link) {
            return (
              <Menu.Item key={action} component={Link} to={to(link(vacancy.id))}>
                {t(`actions.${action}`)}
              </Menu.Item>
            );
          }
          return (
            <Menu.Item key={action} color={DANGER.includes(action) ? DANGER_COLOR : undefined} onClick={() => onAction(action)}>
              {t(labelKey(action, vacancy))}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
