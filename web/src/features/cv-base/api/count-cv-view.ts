import { api, unwrap } from '@/shared/api/client';

/** `PATCH /api/open/metrics/cv`: counts one opening of the CV for the acting company. */
export function countCvView(cvId: string): Promise<unknown> {
  return unwrap(api.PATCH('/api/open/metrics/cv', { body: { cvId, viewDate: new Date().toISOString() } }));
}
