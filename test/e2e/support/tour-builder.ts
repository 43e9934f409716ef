import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { TourType } from '../../../api/schema/tour';
import { flatPhoto } from '../../support/pictures';

export interface Owner {
  token: string;
  id: number;
  email: string;
}

async function call<T>(origin: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(isForm || body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `JWT ${token}` } : {}) },
    body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let counter = 0;

/** Builds tours through the real API, as the owners' app would. */
export class TourBuilder {
  constructor(
    readonly origin: string,
    readonly dataDir: string,
  ) {}

  async owner(name = 'Owner'): Promise<Owner> {
    const email = `owner${++counter}-${Date.now()}@example.com`;
    const { user } = await call<{ user: { token: string; id: number } }>(this.origin, 'POST', '/api/auth/signup', { name, email, password: 'longenough' });
    return { token: user.token, id: user.id, email };
  }

  async upload(owner: Owner, tourId: number, bytes: Buffer, isNotEquirect = false) {
    const form = new FormData();
    form.set('image', new File([new Uint8Array(bytes)], 'scene.jpg'));
    form.set('tourId', String(tourId));
    if (isNotEquirect) form.set('isNotEquirect', 'true');
    return call<{ url: string; thumbUrl: string; hotspotUrl: string; mobileUrl: string; width: number; height: number }>(
      this.origin,
      'POST',
      '/api/images/',
      form,
      owner.token,
    );
  }

  /** A tour with one scene per picture, saved with `fields`. */
  async tour(owner: Owner, pictures: Buffer[], fields: Record<string, unknown> = {}) {
    const created = await call<{ id: number; shortId: string; revision: number }>(this.origin, 'POST', '/api/tours', undefined, owner.token);
    const images = [];
    for (const [i, picture] of pictures.entries()) {
      const stored = await this.upload(owner, created.id, picture);
      images.push({ id: `scene-${i + 1}`, title: `Scene ${i + 1}`, ...stored, uploaded: true });
    }
    const tour = await call<{ id: number; shortId: string; revision: number }>(
      this.origin,
      'POST',
      `/api/tours/${created.shortId}`,
      { revision: created.revision, title: 'Test tour', images, ...fields },
      owner.token,
    );
    return tour;
  }

  /** A floor plan "Ground floor" (a flat photo) with one room that leads to `sceneId`. */
  async floorplan(owner: Owner, tourId: number, sceneId: string, sceneTitle: string) {
    const plan = await this.upload(owner, tourId, await flatPhoto(), true);
    const room = { coords: { x: 30, y: 40 }, destinationSceneId: sceneId, destinationTitle: sceneTitle };
    const body = { name: 'Ground floor', url: plan.url, thumbUrl: plan.thumbUrl, hotspots: [room] };
    return call<{ floorplanId: string }>(this.origin, 'POST', `/api/floorplans/${tourId}`, body, owner.token);
  }

  /** Payments are a later issue: until then a test sets a tour's paid state in the database directly. */
  setType(shortId: string, type: TourType): void {
    this.sql((db) => db.prepare('UPDATE tour SET type = ? WHERE short_id = ?').run(type, shortId));
  }

  sql<T>(query: (db: Database.Database) => T): T {
    const db = new Database(join(this.dataDir, 'tours.sqlite'));
    try {
      return query(db);
    } finally {
      db.close();
    }
  }
}
