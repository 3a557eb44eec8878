import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { SCREEN_ROUTES } from '../../e2e/routes';
import { createRouter } from './router';

/** The screens' patterns below `/:lang`: leaves with a path or an index, without the catch-alls. */
function screenPatterns(routes: readonly RouteObject[], parent: string): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : [parent, route.path].filter(Boolean).join('/');
    if (route.children?.length) return screenPatterns(route.children, path);
    if (route.path === '*' || path.endsWith('/*')) return [];
    return [path];
  });
}

describe('the router', () => {
  it('has exactly the screens the route walk of the journeys opens (e2e/routes.ts)', () => {
    const router = createRouter();
    const language = router.routes.find((route) => route.path === '/:lang');
    const patterns = screenPatterns(language?.children ?? [], '');
    router.dispose();
    expect([...patterns].sort()).toEqual(SCREEN_ROUTES.map((route) => route.pattern).sort());
  });
});
