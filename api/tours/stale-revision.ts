import { ApiError } from '../http/errors';

/** A write from a revision another write has since replaced: the editor reloads to see the latest. */
export function staleRevision(current: number): ApiError {
  return new ApiError(409, 'StaleRevision', 'This tour was changed elsewhere since you opened it. Reload it to see the latest version.', {
    details: { revision: current },
  });
}
