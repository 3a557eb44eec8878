import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';

import type { Me } from '@/shared/api/types';
import { badgeCountsKey } from '@/shared/session/badge-counts';

import { type LiveEvent, liveStream } from './live-stream';

/** The side the server fixes when a stream opens: the user, and the company they act for. */
export function streamSide(me: { username: string; company?: Pick<NonNullable<Me['company']>, 'countryCode' | 'registryCode'> | null } | null | undefined): string | null {
  if (!me) return null;
  return [me.username, me.company ? `${me.company.countryCode}/${me.company.registryCode}` : ''].join('|');
}

/** Whether the tab's live stream is connected. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(liveStream.subscribeStatus, liveStream.isConnected, () => false);
}

/** Calls `listener` (the latest one rendered) for each event of the tab's live stream. */
export function useLiveEvents(listener: (event: LiveEvent) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => liveStream.subscribe((event) => latest.current(event)), []);
}

/**
 * For the app layout: keeps the tab's one live stream open while a user is signed in (`side` from
 * `streamSide(me)`; null closes it, as on signing out) and reloads the menu badges on each chat
 * event, so the MESSAGES badge rises at once rather than at the next 30 s poll (which goes on as
 * the fallback). Answers whether the stream is connected.
 */
export function useLiveStream(side: string | null): boolean {
  const client = useQueryClient();
  useEffect(() => (side === null ? undefined : liveStream.hold(side)), [side]);
  useLiveEvents(() => void client.invalidateQueries({ queryKey: badgeCountsKey }));
  return useLiveConnected();
}
