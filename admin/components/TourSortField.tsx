import type { TourSort } from '../../api/schema/requests';

const LABELS: Record<TourSort, string> = { recent: 'Most recent first', title: 'Title (A–Z)' };

/** How a list of tours is ordered; by title, accents and case count for nothing, as in the search. */
export function TourSortField({ sort, onSort }: { sort: TourSort; onSort: (sort: TourSort) => void }) {
  return (
    <label className="ad-field">
      <span>Sort by</span>
      <select value={sort} onChange={(event) => onSort(event.target.value as TourSort)}>
        {(Object.keys(LABELS) as TourSort[]).map((one) => (
          <option key={one} value={one}>
            {LABELS[one]}
          </option>
        ))}
      </select>
    </label>
  );
}
