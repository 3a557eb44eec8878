import { Box, Skeleton, Stack, Text } from '@mantine/core';
import { Component as ReactComponent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAddressGeo } from '../api/get-address-geo';

/** Leaflet and its styles are a chunk of their own, fetched only when there is a point to show. */
const LeafletMap = lazy(() => import('./leaflet-map'));

const MAP_HEIGHT = 220;
const ZOOM = { ADDRESS: 16, PLACE: 12 } as const;

/** Renders nothing when its children throw (here: the map's chunk fails to load). */
class HideOnError extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

type Props = { countryCode: string; adrId: number | null | undefined; address: string };

/**
 * The company's address on an OpenStreetMap map (spec 1 section 2). Every failure — no point for the
 * address, the network, the map's chunk, tiles that will not load — leaves the map out without a word.
 */
export function AddressMap({ countryCode, adrId, address }: Props) {
  const { t } = useTranslation();
  const geo = useAddressGeo(countryCode, adrId);
  const [failed, setFailed] = useState(false);
  if (!geo.data || failed) return null;
  const { lat, lon, precision } = geo.data;
  return (
    <HideOnError>
      <Stack gap={4}>
        <Box role="region" aria-label={t('companies.map', { address })} h={MAP_HEIGHT} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', isolation: 'isolate' }}>
          <Suspense fallback={<Skeleton h={MAP_HEIGHT} />}>
            <LeafletMap
              lat={lat}
              lon={lon}
              zoom={ZOOM[precision]}
              markerLabel={address}
              zoomInLabel={t('companies.mapZoomIn')}
              zoomOutLabel={t('companies.mapZoomOut')}
              onFailure={() => setFailed(true)}
            />
          </Suspense>
        </Box>
        {precision === 'PLACE' && (
          <Text fz="xs" c="dimmed">
            {t('companies.mapApproximate')}
          </Text>
        )}
      </Stack>
    </HideOnError>
  );
}
