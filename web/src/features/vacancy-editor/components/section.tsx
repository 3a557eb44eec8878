import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The section of a step: a heading and its fields. */
export function Section({ title, children, description }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <div>
        <Title order={3} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}
