import { Anchor, Avatar, Box, Container, Group, Image, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { companyInitials } from '@/shared/lib/initials';

/** Whether `value` is an http(s) address (links of the company's page open only those). */
export const isWebLink = (value: string | null | undefined): value is string => !!value && /^https?:\/\//i.test(value.trim());

/**
 * The top of a company's public page (spec 1 section 2): the cover with the logo and name over it
 * when the branding has a cover, otherwise a plain header. The my-company branding tab previews it.
 */
export function CompanyHeader({
  businessName,
  logoUrl,
  coverUrl,
  headingOrder = 1,
}: {
  businessName: string;
  logoUrl: string | null;
  coverUrl: string | null;
  /** The name's heading level: the page's own heading, or lower inside a preview. */
  headingOrder?: 1 | 3;
}) {
  const header = (
    <Group wrap="nowrap" gap="md">
      <Avatar src={logoUrl} alt={businessName} size={88} radius="md" color="blue" bg="white">
        {companyInitials(businessName)}
      </Avatar>
      <Title order={headingOrder} size="h1">
        {businessName}
      </Title>
    </Group>
  );
  return coverUrl ? (
    <Box
      style={{ backgroundImage: `linear-gradient(rgba(0,0,0,0.05), rgba(0,0,0,0.45)), url("${coverUrl}")`, backgroundSize: 'cover', backgroundPosition: 'center' }}
      c="white"
    >
      <Container size="xl" pt={160} pb="lg">
        {header}
      </Container>
    </Box>
  ) : (
    <Box bg="gray.0" py="xl">
      <Container size="xl">{header}</Container>
    </Box>
  );
}

/** The branding's gallery and video link as the company's public page shows them. */
export function CompanyGallery({ pictures, video, headingOrder = 2 }: { pictures: readonly { url: string }[]; video: string | null | undefined; headingOrder?: 2 | 4 }) {
  const { t } = useTranslation();
  return (
    <>
      {pictures.length > 0 && (
        <Stack gap="xs">
          <Title order={headingOrder} size="h3">
            {t('companies.gallery')}
          </Title>
          <SimpleGrid cols={{ base: 2, md: 3 }}>
            {pictures.map((picture, index) => (
              <Image key={picture.url} src={picture.url} alt={`${t('companies.gallery')} ${index + 1}`} radius="md" h={140} fit="cover" />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {isWebLink(video) && (
        <Anchor href={video} target="_blank" rel="noopener noreferrer">
          {t('companies.video')}
        </Anchor>
      )}
    </>
  );
}
