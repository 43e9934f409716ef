/** The token of a mailed link: after the '#', where no server, log or referrer sees it. */
export function linkTokenFromAddress(): string {
  return decodeURIComponent(location.hash.slice(1));
}
