/** Every error code the API answers with, grouped by domain. */
export type ErrorCode =
  // generic
  | 'BadRequest'
  | 'ValidationFailed'
  | 'NotFound'
  | 'Unauthorized'
  | 'Forbidden'
  | 'Conflict'
  | 'PayloadTooLarge'
  | 'UnsupportedMediaType'
  | 'TooManyRequests'
  | 'InternalError'
  | 'NotReady'
  | 'NotImplemented'
  // auth and users
  | 'InvalidCredentials'
  | 'EmailTaken'
  | 'InvalidLink'
  // tours
  | 'TourNotFound'
  | 'TourPrivate'
  | 'TourPasswordRequired'
  | 'IncorrectPassword'
  | 'StaleRevision'
  // teams
  | 'TeamNotFound'
  | 'InvitationNotFound'
  | 'InvitationExpired'
  | 'AddressNotConfirmed'
  | 'AlreadyMember'
  | 'AlreadyInvited'
  | 'NotTeamMember'
  | 'TeamAccessEnded'
  // publishing and payments
  | 'NoFreeToursLeft'
  | 'AccountRequired'
  | 'PaymentsNotConfigured'
  | 'PaymentProviderError'
  | 'PaymentNotFound'
  | 'PaymentMismatch'
  | 'PaymentNotCompleted'
  | 'PaymentRefunded'
  // media
  | 'ImageTooLarge'
  | 'ImageInvalid'
  | 'NotEquirectangular'
  | 'StorageFailed';

/** The one error body every failing route answers with. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** User-facing texts, word for word as the product specifies them. */
export const MESSAGES = {
  invalidTour: 'Error: This does not appear to be a valid tour. Please check the URL and try again.',
  privateTour: 'This is a private tour. Please login to view.',
  incorrectPassword: 'incorrect password entered',
  notConnected: 'Not Connected to Internet',
  textCopied: 'text copied',
} as const;
