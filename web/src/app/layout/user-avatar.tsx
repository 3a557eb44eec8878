import { Avatar } from '@mantine/core';

import type { Me } from '@/shared/api/types';
import { avatarInitials } from '@/shared/lib/initials';

export function UserAvatar({ me, size = 36 }: { me: Me; size?: number }) {
  const thumbnail = me.company ? null : me.profile.avatar?.thumbnailUrl;
  return (
    <Avatar src={thumbnail ?? undefined} size={size} color="blue" radius="xl" alt="">
      {avatarInitials(me)}
    </Avatar>
  );
}
