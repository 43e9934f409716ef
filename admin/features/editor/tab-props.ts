import type { Tour } from '../../../api/schema/tour';

/** What every editor tab gets: the tour as it stands and one way to change a field of it (saved by the editor). */
export interface TabProps {
  tour: Tour;
  set: <K extends keyof Tour>(key: K, value: Tour[K]) => void;
}
