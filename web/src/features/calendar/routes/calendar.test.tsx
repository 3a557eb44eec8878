import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderRoutes } from '@/test/render';

import { Component as Calendar, loader } from './calendar';

describe('EventCalendar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a period with too many occurrences as an alert in the reader’s language', async () => {
    fakeApi({
      'GET /api/user/events/my': { body: [] },
      'GET /api/user/events/my/recurrent': {
        status: 400,
        body: { message: 'The period holds more than 5000 occurrences', code: 'too_many_occurrences', field: 'end' },
      },
    });
    await renderRoutes('/et/calendar', [{ path: 'calendar', loader, element: <Calendar /> }], 'et');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Selles ajavahemikus on näitamiseks liiga palju korduvaid sündmusi');
  });
});
