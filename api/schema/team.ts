import { z } from 'zod';
import type { SceneImageFormat } from './tour';

/** What a member may do with the team's tours: see them, edit them, or also run the team. */
export const PERMISSIONS = ['view', 'edit', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A new member's permission unless the invitation says otherwise. */
export const DEFAULT_PERMISSION: Permission = 'view';
/** How many of a team's tours the teams screen shows at once. */
export const TEAM_TOURS_PREVIEW = 8;
/** An invitation no one accepted within this time is void. */
export const INVITATION_TTL_DAYS = 7;
/** Invitation mails one account may send in a day. */
export const INVITATION_MAILS_PER_DAY = 50;
/** User search: shortest text, most answers. */
export const USER_SEARCH_MIN = 3;
export const USER_SEARCH_MAX = 10;
/** Saved states kept per tour; older ones go as new ones come. */
export const HISTORY_KEPT_PER_TOUR = 50;

const permission = z.enum(PERMISSIONS, { error: 'The permission must be view, edit or admin.' });
const id = z.number().int().positive();
const shortId = z.string().min(1).max(100);

/** The most teams one answer holds when asked without pagination (a picker of every team). */
export const TEAMS_WITHOUT_PAGINATION = 500;

export const teamsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(20),
    /** Teams the caller owns, teams the caller was invited into, or both. */
    filter: z.enum(['all', 'owner', 'invited']).default('all'),
    /** All of them on one page (still answered as a page). */
    withoutPagination: z.enum(['0', '1']).optional(),
  })
  .transform(({ withoutPagination, ...query }) => (withoutPagination === '1' ? { ...query, page: 1, perPage: TEAMS_WITHOUT_PAGINATION } : query));

export const teamCreateSchema = z.object({ name: z.string().trim().min(1).max(100) });

/** A rename, and the owner handing the team to one of its admins. */
export const teamUpdateSchema = z
  .object({ name: teamCreateSchema.shape.name.optional(), ownerId: id.optional() })
  .refine((update) => update.name !== undefined || update.ownerId !== undefined, { message: 'Give a new name or a new owner.' });

export const sendInvitedSchema = z.object({
  emails: z.array(z.email().max(200)).min(1).max(50),
  permission: permission.default(DEFAULT_PERMISSION),
});

export const inviteToAppSchema = z.object({ email: z.email().max(200), teamId: id, permission: permission.default(DEFAULT_PERMISSION) });

export const acceptToAppSchema = z.object({ token: z.string().min(10).max(200) });

export const manageMembersSchema = z.object({
  members: z
    .array(z.object({ userId: id, permission }))
    .min(1)
    .max(500),
});

export const removeMembersSchema = z.object({ userIds: z.array(id).min(1).max(500) });

/** Tours are named by their short ids. */
export const sharedToursSchema = z.object({ tourIds: z.array(shortId).min(1).max(100) });

export const sharedTourSchema = z.object({ tourId: shortId });

/** Per-tour permissions of members, and the tour's owner handing it to a member. */
export const sharedTourUpdateSchema = z
  .object({ tourId: shortId, members: manageMembersSchema.shape.members.optional(), ownerId: id.optional() })
  .refine((update) => update.members !== undefined || update.ownerId !== undefined, { message: 'Give members or a new owner.' });

export const historyNoteSchema = z.object({
  tourId: shortId,
  type: z.string().trim().min(1).max(40),
  currentValue: z.string().max(2000).default(''),
});

export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(HISTORY_KEPT_PER_TOUR).default(20),
  tourId: shortId.optional(),
});

export const userSearchSchema = z.object({
  search: z.string().trim().min(USER_SEARCH_MIN, `Type at least ${USER_SEARCH_MIN} characters.`).max(200),
  teamId: z.coerce.number().int().positive().optional(),
  forTeam: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(USER_SEARCH_MAX).default(USER_SEARCH_MAX),
});

export interface Person {
  name: string;
  email: string;
}

export interface TeamMember extends Person {
  id: number;
  permission: Permission;
  isOwner: boolean;
  /** Tours of the team on which this member holds another permission than the team's. */
  tourPermissions: Array<{ tourId: string; permission: Permission }>;
}

export interface PendingInvitation {
  id: number;
  email: string;
  permission: Permission;
  expiresAt: string;
}

export interface Team {
  id: number;
  name: string;
  ownerId: number;
  owner: Person;
  /** The caller's own permission in the team. */
  permission: Permission;
  membersCount: number;
  toursCount: number;
  createdDate: string;
  /** In the answer for one team only. */
  members?: TeamMember[];
  /** Only admins see who was invited. */
  invitations?: PendingInvitation[];
}

/** An invitation as its invitee sees it. */
export interface Invitation {
  id: number;
  teamId: number;
  teamName: string;
  invitedBy: Person;
  permission: Permission;
  expiresAt: string;
  createdDate: string;
}

export interface TeamTour {
  shortId: string;
  id: number;
  title: string;
  thumbUrl: string;
  /** The thumbnail in modern types, best first, as a scene of the tour answer lists it (absent for older scenes). */
  formats?: SceneImageFormat[];
  privacy: string;
  ownerId: number | null;
  owner: Person | null;
  /** The caller's permission on this tour. */
  permission: Permission;
}

/** One of the caller's own tours, and the team it is shared with if any. */
export interface MyTour {
  shortId: string;
  id: number;
  title: string;
  thumbUrl: string;
  /** The thumbnail in modern types, best first, as a scene of the tour answer lists it (absent for older scenes). */
  formats?: SceneImageFormat[];
  teamId: number | null;
}

export interface HistoryEntry {
  id: number;
  teamId: number;
  tourId: string;
  tourTitle: string;
  user: Person | null;
  type: string;
  currentValue: string;
  revision: number;
  createdDate: string;
}
