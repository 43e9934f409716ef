import type { Page, TourListFilter } from '../../../api/schema/requests';
import type { HistoryEntry, Invitation, MyTour, Permission, Person, Team, TeamTour } from '../../../api/schema/team';
import { TEAM_TOURS_PREVIEW } from '../../../api/schema/team';
import type { Tour } from '../../../api/schema/tour';
import { api } from '../../lib/api-client';
import { RequestFailed } from '../../lib/request-failed';

export type TeamFilter = 'all' | 'owner' | 'invited';

/** The one way the teams screens talk to the server. */
export const teamsApi = {
  list: (page: number, filter: TeamFilter) => api<Page<Team>>('GET', `/teams?page=${page}&perPage=10&filter=${filter}`),
  every: () => api<Page<Team>>('GET', '/teams?withoutPagination=1'),
  create: (name: string) => api<Team>('POST', '/teams', { name }),
  get: (id: number) => api<Team>('GET', `/teams/${id}`),
  rename: (id: number, name: string) => api<Team>('PUT', `/teams/${id}`, { name }),
  handOver: (id: number, ownerId: number) => api<Team>('PUT', `/teams/${id}`, { ownerId }),
  remove: (id: number) => api('DELETE', `/teams/${id}`),
  invite: (id: number, emails: string[], permission: Permission) => api<Team>('POST', `/teams/${id}/sendInvited`, { emails, permission }),
  invitations: (page: number) => api<Page<Invitation>>('GET', `/teams/invitations?page=${page}&perPage=10`),
  accept: (id: number) => api<Team>('PUT', `/teams/${id}/acceptInvited`),
  dismiss: (id: number) => api('DELETE', `/teams/${id}/dismissInvited`),
  invitationLink: (teamId: number, invitationId: number) => api<{ link: string }>('POST', `/teams/${teamId}/invitations/${invitationId}/link`),
  acceptByLink: (userId: number, token: string) => api<Team>('POST', `/users/${userId}/acceptInvitedToApp`, { token }),
  setPermission: (id: number, userId: number, permission: Permission) => api<Team>('PUT', `/teams/${id}/manageMembers`, { members: [{ userId, permission }] }),
  /** A member's permission on one of the team's tours; the team's own permission clears the tour's. */
  setTourPermission: (id: number, tourId: string, userId: number, permission: Permission) =>
    api<Team>('PUT', `/teams/${id}/sharedTour`, { tourId, members: [{ userId, permission }] }),
  removeMember: (id: number, userId: number) => api<Team>('DELETE', `/teams/${id}/removeMembers`, { userIds: [userId] }),
  leave: (id: number) => api('DELETE', `/teams/${id}/leave`),
  tours: (id: number, page: number, { search, sort = 'recent' }: TourListFilter = {}) => {
    const query = new URLSearchParams({ page: String(page), perPage: String(TEAM_TOURS_PREVIEW), sort });
    if (search?.trim()) query.set('search', search.trim());
    return api<Page<TeamTour>>('GET', `/teams/${id}/tours?${query}`);
  },
  myTours: () => api<Page<MyTour>>('GET', '/teams/getMyTours?perPage=100&sort=title'),
  share: (id: number, tourId: string) => api<Page<TeamTour>>('POST', `/teams/${id}/sharedTour`, { tourId }),
  unshare: (id: number, tourId: string) => api('DELETE', `/teams/${id}/sharedTour`, { tourId }),
  history: (id: number, tourId: string, page: number) =>
    api<Page<HistoryEntry>>('GET', `/teams/${id}/history?tourId=${encodeURIComponent(tourId)}&page=${page}&perPage=10`),
  restore: (id: number, historyId: number) => api<Tour>('POST', `/teams/${id}/history/${historyId}/restore`),
  searchUsers: (teamId: number, search: string) => api<Page<Person>>('GET', `/users?${new URLSearchParams({ search, teamId: String(teamId), forTeam: '1' })}`),
};

/** What a refused call says, for a toast. */
export function failureText(err: unknown, fallback: string): string {
  return err instanceof RequestFailed ? err.message : fallback;
}

export const PERMISSION_LABELS: Record<Permission, string> = {
  view: 'Can view',
  edit: 'Can edit',
  admin: 'Admin',
};
