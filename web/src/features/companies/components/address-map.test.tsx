import { screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { AddressMap } from './address-map';

/** How the stand-in for the Leaflet chunk behaves: shows its map, or finds that no tile loads. */
const tiles = vi.hoisted(() => ({ fail: false }));

vi.mock('./leaflet-map', () => ({
  default: function FakeLeafletMap({ zoom, onFailure }: { zoom: number; onFailure: () => void }) {
    useEffect(() => {
      if (tiles.fail) onFailure();
    }, [onFailure]);
    return <div data-testid="leaflet" data-zoom={zoom} />;
  },
}));

const ADDRESS = 'Harju maakond, Tallinn, Narva mnt 5';
const GEO = 'GET /api/open/addresses/EE/geo/2281513';

async function renderMap(adrId: number | null = 2281513) {
  await renderRoutes('/en/company', [
    {
      path: 'company',
      element: (
        <div data-testid="side-card">
          <AddressMap countryCode="EE" adrId={adrId} address={ADDRESS} />
        </div>
      ),
    },
  ]);
  return screen.getByTestId('side-card');
}

describe('AddressMap', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    tiles.fail = false;
  });

  it('shows the point in a region named after the address, close up for an address', async () => {
    fakeApi({ [GEO]: { body: { lat: 59.43719, lon: 24.74533, precision: 'ADDRESS' } } });
    await renderMap();
    const region = await screen.findByRole('region', { name: `Map: ${ADDRESS}` });
    expect(await screen.findByTestId('leaflet')).toHaveAttribute('data-zoom', '16');
    expect(region).toBeInTheDocument();
    expect(screen.queryByText(/Approximate location/)).not.toBeInTheDocument();
  });

  it('zooms out and says the location is approximate for a place', async () => {
    fakeApi({ [GEO]: { body: { lat: 59.43696, lon: 24.75353, precision: 'PLACE' } } });
    await renderMap();
    expect(await screen.findByTestId('leaflet')).toHaveAttribute('data-zoom', '12');
    expect(screen.getByText(/Approximate location/)).toBeInTheDocument();
  });

  it.each([
    ['the address is unknown (404)', { status: 404, body: { message: 'No location is known for address 2281513', code: 'not_found' } }],
    ['the server fails (500)', { status: 500, body: { message: 'Unknown error', code: 'internal' } }],
  ])('renders nothing and says nothing when %s', async (_case, reply) => {
    const calls = fakeApi({ [GEO]: reply });
    const card = await renderMap();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(card).toBeEmptyDOMElement();
  });

  it('renders nothing when the network is down', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    const card = await renderMap();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(card).toBeEmptyDOMElement();
  });

  it('goes away without a word when no map tile loads', async () => {
    tiles.fail = true;
    fakeApi({ [GEO]: { body: { lat: 59.43719, lon: 24.74533, precision: 'ADDRESS' } } });
    const card = await renderMap();
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(card).toBeEmptyDOMElement();
  });

  it('asks nothing for a company without an address id', async () => {
    const calls = fakeApi({});
    const card = await renderMap(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    expect(card).toBeEmptyDOMElement();
  });
});
