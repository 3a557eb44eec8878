import { describe, expect, it } from 'vitest';

import type { QueueItem } from '../api/get-queue';
import { decisionsFor } from './queue-card';

const item = (reviewStatus: QueueItem['reviewStatus'], reports = 0): QueueItem =>
  ({ reviewStatus, waiting: reviewStatus === 'PENDING', reports: Array.from({ length: reports }, (_, i) => ({ id: String(i) })) }) as unknown as QueueItem;

describe('decisionsFor', () => {
  it('offers what the server allows in each state', () => {
    expect(decisionsFor(item('PENDING'))).toEqual(['approve', 'reject']);
    // live and reviewed after: rejecting works as well as taking down
    expect(decisionsFor(item('UNREVIEWED'))).toEqual(['approve', 'reject', 'takeDown']);
    expect(decisionsFor(item('NONE', 1))).toEqual(['approve', 'reject', 'takeDown', 'dismiss']);
    expect(decisionsFor(item('APPROVED', 2))).toEqual(['approve', 'takeDown', 'dismiss']);
    expect(decisionsFor(item('REJECTED'))).toEqual([]);
    expect(decisionsFor(item('TAKEN_DOWN', 1))).toEqual(['dismiss']);
  });
});
