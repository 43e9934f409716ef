/** How far into a paginated list the owner is, and the way to the pages before and after. Says when a list is empty. */
export function Pager({
  page,
  perPage,
  total,
  noun,
  onPage,
  below = false,
}: {
  page: number;
  perPage: number;
  total: number;
  /** What is counted, singular and plural: ['tour', 'tours']. */
  noun: [string, string];
  onPage: (page: number) => void;
  /** The second pager under a long list: the way on without the count, which the one above already says. */
  below?: boolean;
}) {
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (below && lastPage === 1) return null;
  return (
    <nav className="ad-pager" aria-label={below ? `More pages of ${noun[1]}` : `Pages of ${noun[1]}`}>
      {!below && <span role="status">{total === 0 ? `No ${noun[1]}` : total === 1 ? `1 ${noun[0]}` : `Showing ${first}–${last} of ${total} ${noun[1]}`}</span>}
      {lastPage > 1 && (
        <>
          <button type="button" className="ad-button ad-button--plain" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {lastPage}
          </span>
          <button type="button" className="ad-button ad-button--plain" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </>
      )}
    </nav>
  );
}
