import { useEffect, useState } from 'react';
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { onlineManager } from '@tanstack/react-query';
import type { PlatformStatus } from '../../shared/api';
import { NET_TEXT } from '../../shared/network-messages';
import { queryClient } from './query';

type Down = Extract<PlatformStatus, { state: 'unreachable' }>;
type Waiting = Extract<PlatformStatus, { state: 'waiting' }>;

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * One banner for the whole window while the platform cannot be reached (main says so: the
 * 'platform:status' event), instead of a message per call. While it shows, TanStack Query is told the
 * platform is offline: platform queries pause and keep what they showed; when main hears the platform
 * again, they run again and every screen's data is refetched, without a reload.
 */
export function PlatformBanner() {
  const [down, setDown] = useState<Down | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(null);

  useEffect(() => {
    const off = window.api.on('platform:status', (status) => {
      if (status.state === 'unreachable') {
        setDown((was) => was ?? status);
        onlineManager.setOnline(false);
      } else if (status.state === 'reachable') {
        setDown(null);
        setWaiting(null);
        onlineManager.setOnline(true);
        void queryClient.invalidateQueries();
      } else {
        setWaiting(status);
      }
    });
    return () => {
      off();
      onlineManager.setOnline(true);
    };
  }, []);

  // A wait on a 429 is said while it lasts.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(null), waiting.waitMs);
    return () => clearTimeout(timer);
  }, [waiting]);

  if (down) {
    return (
      <div role="status" data-testid="platform-banner">
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>The platform cannot be reached</MessageBarTitle>
            {NET_TEXT.offlineBanner(down.origin, timeOf(down.since))}
          </MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  if (waiting) {
    return (
      <div role="status" data-testid="platform-banner">
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{NET_TEXT.waiting(waiting.origin, waiting.waitMs)}</MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  return <div role="status" data-testid="platform-banner" />;
}
