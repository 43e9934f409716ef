import type { Db } from '../db/database';
import type { NewUserRow, UserRow } from '../db/tables';
import type { User } from '../schema/user';
import { parseUserType } from '../tours/tour.repository';

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  return db.insertInto('user').values(user).returningAll().executeTakeFirstOrThrow();
}

export function userFromRow(row: UserRow, token: string): User {
  return {
    id: row.id,
    token,
    name: row.name,
    email: row.email ?? '',
    picture: row.picture,
    credits: 0,
    type: parseUserType(row.type),
    typeIntention: '',
    freeToursRemaining: row.free_tours_remaining,
    referralCode: '',
    meta: JSON.parse(row.meta) as Record<string, unknown>,
    createdDate: row.created_at,
    authType: row.password_hash ? 'password' : 'guest',
  };
}
