import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Tour } from '../../api/schema/tour';
import { DEMO_PANORAMA } from '../support/pictures';
import { removeDataDir, startServer } from './support/server';
import { TourBuilder } from './support/tour-builder';

describe('the server shutting down on SIGTERM', () => {
  it('closes open video-chat sockets with 1001 "going away" and still answers a request under way', async () => {
    const server = await startServer();
    const socket = new WebSocket(`ws://localhost:${server.port}/api/rtc`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

    // A sign-up whose body is held back until the shutdown has begun: the server has its headers (it said
    // "100 Continue"), so the request is under way when SIGTERM arrives.
    const body = JSON.stringify({ name: 'Late', email: `late-${Date.now()}@example.com`, password: 'correct horse battery' });
    const signup = request(`${server.origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      signup.once('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      });
      signup.once('error', reject);
    });
    await new Promise((resolve) => signup.once('continue', resolve));

    server.process.kill('SIGTERM');
    expect(await closed).toEqual({ code: 1001, reason: 'server shutting down' });
    signup.end(body);
    const response = await answered;
    expect(response.status, response.body).toBe(201);
    expect(JSON.parse(response.body).user.name).toBe('Late');

    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('SIGTERM: closing');
    removeDataDir(server.dataDir);
  });

  it('ends a request still under way after the 10 s grace period, and then exits with code 1', async () => {
    const server = await startServer();
    const held = request(`${server.origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': 100, Expect: '100-continue' },
    });
    held.on('error', () => {});
    await new Promise((resolve) => held.once('continue', resolve));
    // The body never comes: the request is under way until the server gives up on it.
    expect(await server.stop()).toBe(1);
    expect(server.output()).toContain('requests still under way after 10 s: ending them');
    removeDataDir(server.dataDir);
  });

  it('stops a tile cut under way at a tile and exits 0; the next start cuts the panorama from its row', async () => {
    const server = await startServer();
    const builder = new TourBuilder(server.origin, server.dataDir);
    const owner = await builder.owner();
    const panorama = await sharp(readFileSync(DEMO_PANORAMA)).resize({ width: 8192, height: 4096 }).jpeg({ quality: 85 }).toBuffer();
    const tour = await builder.tour(owner, [panorama]);
    const ownerRead = async (origin: string) =>
      (await (await fetch(`${origin}/api/tours/${tour.shortId}`, { headers: { Authorization: `JWT ${owner.token}` } })).json()) as Tour;
    const image = /\/tours\/([0-9a-f]{32})\.jpg$/.exec((await ownerRead(server.origin)).images[0].url)![1];
    const row = () => builder.sql((db) => db.prepare('SELECT state, tries, claimed_by FROM scene_tiles WHERE image = ?').get(image)) as Record<string, unknown>;

    // Its first tiles are stored: the cut is under way.
    await expect.poll(() => existsSync(join(server.dataDir, 'media', 'tiles', image)), { timeout: 300_000, interval: 50 }).toBe(true);
    expect(row()).toMatchObject({ state: 'cutting' });
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('tile cut stopped');
    expect(server.output()).not.toContain('requests still under way');
    expect(row(), 'claimable at once, the try not counted').toEqual({ state: 'pending', tries: 0, claimed_by: null });
    expect(
      readdirSync(server.dataDir).filter((name) => name.startsWith('.tiles-')),
      'no spool file left',
    ).toEqual([]);

    const next = await startServer({ dataDir: server.dataDir });
    try {
      await expect.poll(async () => (await ownerRead(next.origin)).images[0].multires, { timeout: 600_000, interval: 500 }).toBeDefined();
      expect(row()).toMatchObject({ state: 'ready', tries: 1 });
    } finally {
      expect(await next.stop()).toBe(0);
      removeDataDir(server.dataDir);
    }
  }, 900_000);
});
