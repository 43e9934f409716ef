import type { Context, Handler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { acceptedEncodings, compressBody, type Coding } from './compression';

/** One body of a built file, with every header its answer carries. */
interface Representation {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** A built file as the build wrote it: plain, and the brotli and gzip variants beside it where there are. */
interface BuiltFile {
  plain: Representation;
  br?: Representation;
  gzip?: Representation;
}

/** Best first: the variants the build writes beside a file. */
const CODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function contentTypeOf(path: string): string {
  // TypeScript declarations for partners' projects, which a file-name lookup would take for an MPEG stream (.ts).
  if (path.endsWith('.d.ts')) return 'text/plain; charset=utf-8';
  return getMimeType(path) ?? 'application/octet-stream';
}

function readRepresentation(file: string, headers: Record<string, string>): Representation | undefined {
  let stats;
  try {
    stats = statSync(file);
  } catch {
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  const bytes = readFileSync(file);
  // Each body gets a tag of its own from its size and modification time: no hashing, and a new build a new tag.
  const etag = `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}"`;
  return { body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), headers: { ...headers, ETag: etag } };
}

function readBuiltFile(file: string, headers: Record<string, string>, rewrite?: (text: string) => string): BuiltFile | undefined {
  const shared = { 'Content-Type': contentTypeOf(file), Vary: 'Accept-Encoding', ...headers };
  const plain = readRepresentation(file, shared);
  if (!plain) return undefined;
  if (rewrite) {
    // The build's compressed variants hold the text before the rewrite: the rewritten file is compressed here, once,
    // and each body tagged by its own bytes (a changed setting is a new tag).
    const body = new TextEncoder().encode(rewrite(new TextDecoder().decode(plain.body)));
    const tagged = (bytes: Uint8Array<ArrayBuffer>, coding?: Coding): Representation => ({
      body: bytes,
      headers: {
        ...shared,
        ...(coding ? { 'Content-Encoding': coding } : {}),
        ETag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"`,
      },
    });
    const rewritten: BuiltFile = { plain: tagged(body) };
    for (const { name } of CODINGS) {
      const compressed = compressBody(body, name, 'kept');
      if (compressed) rewritten[name] = tagged(compressed, name);
    }
    return rewritten;
  }
  const built: BuiltFile = { plain };
  for (const { name, suffix } of CODINGS) built[name] = readRepresentation(file + suffix, { ...shared, 'Content-Encoding': name });
  return built;
}

/** The file a request's path names under `base`, or undefined for a path that is malformed or leads out of it. */
function inside(base: string, requestPath: string): string | undefined {
  let decoded;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return undefined;
  }
  const path = normalize(join(base, decoded));
  return path.startsWith(base) ? path : undefined;
}

export interface BuiltFilesOptions {
  /** The folder the request's path is looked up in; or `file`, the one file every request gets. */
  root?: string;
  file?: string;
  /** Headers of every answer (cache, CORS), by the request's path. */
  headers: (path: string) => Record<string, string>;
  /** Changes a text file's content once, when it is first read (settings put into a built page). */
  rewrite?: (text: string) => string;
}

/**
 * Built files from memory: the viewer's script is the most requested file of a partner's page, so each file is read
 * once, with its compressed variants and its answers' headers, and served from memory after that (a compressed
 * answer costs what a plain one does). The build does not change under a running server: `npm start` builds first.
 * A missing file passes to the next handler and is not remembered, so a flood of made-up paths keeps nothing.
 */
export function builtFiles({ root, file, headers, rewrite }: BuiltFilesOptions): Handler {
  const kept = new Map<string, BuiltFile>();
  const base = root && normalize(root + sep);
  return (c: Context, next) => {
    const path = file ?? inside(base!, c.req.path);
    if (!path) return next();
    let built = kept.get(path);
    if (!built) {
      built = readBuiltFile(path, headers(c.req.path), rewrite);
      if (!built) return next();
      kept.set(path, built);
    }
    const taken = acceptedEncodings(c.req.header('Accept-Encoding'));
    const chosen = (taken.has('br') && built.br) || (taken.has('gzip') && built.gzip) || built.plain;
    const tags = c.req.header('If-None-Match');
    if (tags && tags.split(/\s*,\s*/).includes(chosen.headers.ETag)) {
      const { 'Content-Encoding': _coding, ...notModified } = chosen.headers;
      return new Response(null, { status: 304, headers: notModified });
    }
    return new Response(chosen.body, { headers: chosen.headers });
  };
}
