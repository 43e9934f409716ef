import '../i18n/en-parts';
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../i18n/i18n-context';
import { NamedText } from '../i18n/NamedText';
import type { RoomNotice } from './room-store';

/** A status notification hides after 3 s. */
export const NOTICE_HIDE_MS = 3000;

export interface Notice extends RoomNotice {
  id: number;
}

/** Runs `hide` after `ms` and answers how to call it off; tests hand in their own clock. */
export type HideSchedule = (hide: () => void, ms: number) => () => void;

const afterTimeout: HideSchedule = (hide, ms) => {
  const timer = setTimeout(hide, ms);
  return () => clearTimeout(timer);
};

/** The room's notices on show, and `notify` to add one: each hides NOTICE_HIDE_MS after it came, on its own. */
export function useRoomNotices(schedule: HideSchedule = afterTimeout): [Notice[], (notice: RoomNotice) => void] {
  const [notices, setNotices] = useState<Notice[]>([]);
  const lastId = useRef(0);
  const pending = useRef(new Map<number, () => void>());
  useEffect(() => {
    const cancels = pending.current;
    return () => cancels.forEach((cancel) => cancel());
  }, []);
  const notify = (notice: RoomNotice) => {
    const id = ++lastId.current;
    setNotices((list) => [...list, { ...notice, id }]);
    pending.current.set(
      id,
      schedule(() => {
        pending.current.delete(id);
        setNotices((list) => list.filter((notice) => notice.id !== id));
      }, NOTICE_HIDE_MS),
    );
  };
  return [notices, notify];
}

/** Joins, screen sharing and following (room notifications), read out politely as they come, in the viewer's language. */
export function RoomNotices({ notices }: { notices: readonly Notice[] }) {
  const { t } = useMessages();
  return (
    <div className="vc-notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <p key={notice.id} className="vc-notice">
          <NamedText text={t(notice.key)} name={notice.name} />
        </p>
      ))}
    </div>
  );
}
