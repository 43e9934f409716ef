import { useEffect, useRef, useState } from 'react';

/** A status notification hides after 3 s. */
export const NOTICE_HIDE_MS = 3000;

export interface Notice {
  id: number;
  text: string;
}

/** Runs `hide` after `ms` and answers how to call it off; tests hand in their own clock. */
export type HideSchedule = (hide: () => void, ms: number) => () => void;

const afterTimeout: HideSchedule = (hide, ms) => {
  const timer = setTimeout(hide, ms);
  return () => clearTimeout(timer);
};

/** The room's notices on show, and `notify` to add one: each hides NOTICE_HIDE_MS after it came, on its own. */
export function useRoomNotices(schedule: HideSchedule = afterTimeout): [Notice[], (text: string) => void] {
  const [notices, setNotices] = useState<Notice[]>([]);
  const lastId = useRef(0);
  const pending = useRef(new Map<number, () => void>());
  useEffect(() => {
    const cancels = pending.current;
    return () => cancels.forEach((cancel) => cancel());
  }, []);
  const notify = (text: string) => {
    const id = ++lastId.current;
    setNotices((list) => [...list, { id, text }]);
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

/** Joins, screen sharing and following (room notifications), read out politely as they come. */
export function RoomNotices({ notices }: { notices: readonly Notice[] }) {
  return (
    <div className="vc-notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <p key={notice.id} className="vc-notice">
          {notice.text}
        </p>
      ))}
    </div>
  );
}
