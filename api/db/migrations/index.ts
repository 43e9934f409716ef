import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-22T23-00-initial';
import * as visitorsAssetsMail from './2026-11-22T23-50-visitors-assets-mail';
import * as sessions from './2026-11-24T07-00-sessions';
import * as billing from './2026-11-24T09-00-billing';
import * as tourWriteCount from './2026-11-24T11-00-tour-write-count';
import * as notifications from './2026-11-24T13-00-notifications';
import * as accountsInbox from './2026-11-24T15-00-accounts-inbox';
import * as teams from './2026-11-24T16-00-teams';
import * as invitationQuota from './2026-11-26T18-00-invitation-quota';
import * as mailQueue from './2026-11-26T19-00-mail-queue';
import * as dropTourTeamId from './2026-11-27T00-00-drop-tour-team-id';
import * as tourCommitNotify from './2026-11-27T00-30-tour-commit-notify';
import * as analytics from './2026-11-27T01-00-analytics';
import * as ownersFollowUp from './2026-11-27T03-00-owners-follow-up';
import * as accountBrand from './2026-11-27T04-00-account-brand';
import * as weeklySummary from './2026-11-27T05-00-weekly-summary';
import * as sceneTiles from './2026-11-28T01-00-scene-tiles';

/** Frozen migrations, in order. Add new files; never edit one that has landed. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T23-00-initial': initial,
  '2026-11-22T23-50-visitors-assets-mail': visitorsAssetsMail,
  '2026-11-24T07-00-sessions': sessions,
  '2026-11-24T09-00-billing': billing,
  '2026-11-24T11-00-tour-write-count': tourWriteCount,
  '2026-11-24T13-00-notifications': notifications,
  '2026-11-24T15-00-accounts-inbox': accountsInbox,
  '2026-11-24T16-00-teams': teams,
  '2026-11-26T18-00-invitation-quota': invitationQuota,
  '2026-11-26T19-00-mail-queue': mailQueue,
  '2026-11-27T00-00-drop-tour-team-id': dropTourTeamId,
  '2026-11-27T00-30-tour-commit-notify': tourCommitNotify,
  '2026-11-27T01-00-analytics': analytics,
  '2026-11-27T03-00-owners-follow-up': ownersFollowUp,
  '2026-11-27T04-00-account-brand': accountBrand,
  '2026-11-27T05-00-weekly-summary': weeklySummary,
  '2026-11-28T01-00-scene-tiles': sceneTiles,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
