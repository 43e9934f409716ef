/**
 * What a suite does when a service it needs does not answer: skip, with a line saying so, or, under
 * REQUIRE_SERVICES=1 (CI, where every service must run), fail. Answers false, for "the service answers".
 */
export function skipUnlessRequired(missing: string): false {
  if (process.env.REQUIRE_SERVICES === '1') throw new Error(`no ${missing}, and REQUIRE_SERVICES=1`);
  console.log(`skipped: no ${missing}`);
  return false;
}
