import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';

import { NotificationBell } from '@/features/notifications/components/notification-bell';
import type { Me } from '@/shared/api/types';

import { CompanySwitcher } from './company-switcher';
import { LogoutModal } from './logout-modal';
import { UserMenu } from './user-menu';

/**
 * What only a signed-in user needs in the header: the company picker (an employer of several
 * companies), the notification centre's bell, the avatar menu and the logout confirmation.
 * Loaded on demand, so visitors do not download the menu and dialog code.
 */
export default function AccountControls({ me, logoutRequests }: { me: Me; logoutRequests: number }) {
  const [opened, modal] = useDisclosure(false);
  const open = modal.open;
  useEffect(() => {
    if (logoutRequests > 0) open();
  }, [logoutRequests, open]);
  return (
    <>
      <CompanySwitcher me={me} />
      <NotificationBell />
      <UserMenu me={me} onLogout={modal.open} />
      <LogoutModal opened={opened} onClose={modal.close} />
    </>
  );
}
