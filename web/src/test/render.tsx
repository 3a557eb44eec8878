import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

import { createQueryClient } from '@/app/query-client';
import { theme } from '@/app/theme';
import { applyLanguage } from '@/shared/i18n';
import type { Language } from '@/shared/i18n/languages';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type FakeApi = Record<string, Reply | ((request: Request) => Reply)>;

/** Answers fetch calls by "METHOD /path" (query string ignored); records what was asked. */
export function fakeApi(routes: FakeApi) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      calls.push(request);
      const key = `${request.method} ${new URL(request.url).pathname}`;
      const route = routes[key];
      if (!route) return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), { status: 404 });
      const reply = typeof route === 'function' ? route(request) : route;
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json', 'x-build-version': 'test', ...reply.headers },
      });
    }),
  );
  return calls;
}

/** Renders routes below `/:lang` at `path` with the app's providers. */
export async function renderRoutes(path: string, children: RouteObject[], language: Language = 'en') {
  await applyLanguage(language);
  const router = createMemoryRouter([{ path: '/:lang', children }], { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, ...view };
}
