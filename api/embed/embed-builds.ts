import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { readMediaFile, type MediaStorage } from '../media/media-storage';

/** Where the viewer's builds are kept in the media store: one folder per version, and its record beside it. */
export const EMBED_BUILDS_FOLDER = 'embed-builds';

/** One build of the viewer as `/embed/versions.json` lists it. */
export interface EmbedBuild {
  /** The content hash of the built entry: `/embed/v/{version}/tour-viewer.js`. */
  version: string;
  /** Subresource Integrity of the entry (sha384). */
  integrity: string;
  /** The product's version the build came with. */
  packageVersion: string;
  /** When this build was first served, ISO 8601. */
  date: string;
}

/** What a build's entry makes it: its version and its integrity. */
function entryIdentity(entry: Buffer): Pick<EmbedBuild, 'version' | 'integrity'> {
  return {
    version: createHash('sha256').update(entry).digest('hex').slice(0, 16),
    integrity: `sha384-${createHash('sha384').update(entry).digest('base64')}`,
  };
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * Keeps the built viewer of `embedDir` (entry, stylesheet, chunks and their compressed variants) in the media store
 * under its version, unless it is kept already: partner pages pin a version, and it must keep working after later
 * deploys (on every instance, when the store is a shared bucket). The record is written last, so a build copied
 * halfway is never listed; copying again is harmless.
 */
export async function keepEmbedBuild(media: MediaStorage, embedDir: string, packageVersion: string): Promise<EmbedBuild> {
  const identity = entryIdentity(await readFile(join(embedDir, 'tour-viewer.js')));
  const recordPath = `${EMBED_BUILDS_FOLDER}/${identity.version}.json`;
  const kept = await readMediaFile(media, recordPath);
  if (kept) return JSON.parse(kept.toString('utf8')) as EmbedBuild;
  for (const file of await filesBelow(embedDir)) {
    await media.put(`${EMBED_BUILDS_FOLDER}/${identity.version}/${file}`, await readFile(join(embedDir, file)));
  }
  const build: EmbedBuild = { ...identity, packageVersion, date: new Date().toISOString() };
  await media.put(recordPath, Buffer.from(JSON.stringify(build)));
  return build;
}

/** Every kept build, newest first. */
export async function keptEmbedBuilds(media: MediaStorage): Promise<EmbedBuild[]> {
  const records = (await media.list(EMBED_BUILDS_FOLDER)).filter((file) => file.name.endsWith('.json'));
  const builds = await Promise.all(records.map(async (file) => readMediaFile(media, `${EMBED_BUILDS_FOLDER}/${file.name}`)));
  return builds
    .filter((bytes): bytes is Buffer => bytes !== undefined)
    .map((bytes) => JSON.parse(bytes.toString('utf8')) as EmbedBuild)
    .sort((a, b) => b.date.localeCompare(a.date));
}
