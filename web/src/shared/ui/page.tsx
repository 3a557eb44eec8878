import { Container, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

/** A content page: the title as the page heading and the document title. */
export function Page({ title, children, size = 'md' }: { title: string; children: ReactNode; size?: 'sm' | 'md' | 'lg' }) {
  useDocumentTitle(title);
  return (
    <Container size={size} py="xl" w="100%">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Vakants`;
  }, [title]);
}
