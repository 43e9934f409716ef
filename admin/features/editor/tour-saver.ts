import { proxy, subscribe } from 'valtio';
import { MESSAGES } from '../../../api/schema/errors';
import { findTourProblems, type Tour } from '../../../api/schema/tour';
import { refusalInWords } from '../../lib/field-errors';
import { RequestFailed } from '../../lib/request-failed';

/** How long the editor waits after the last change before saving. */
export const SAVE_DEBOUNCE_MS = 800;
/** While offline, how often a pending save is tried again. */
export const OFFLINE_RETRY_MS = 3000;

/** The tour's fields as the editor labels them, for a refusal that names one. */
const FIELD_LABELS: Record<string, string> = {
  title: 'Tour title',
  name: 'Tour name',
  description: 'Description',
  companyName: 'Company name',
  agentName: 'Agent name',
  agentEmail: 'Agent e-mail',
  ua: 'Analytics id',
  images: 'Scenes',
  password: 'Tour password',
};

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'offline' | 'signed-out' | 'conflict' | 'invalid';

export interface SaverState {
  status: SaveStatus;
  message: string;
  /** What the schema's checks warn about in the tour last sent (a scene no link reaches); they do not stop a save. */
  warnings: string[];
}

/** Sends the tour; only the revision of the answer matters here. */
export type SaveCall = (tour: Tour) => Promise<{ revision: number }>;

/**
 * Saves the editor's tour: debounced on change; a network failure keeps the edit and retries
 * ('Not Connected to Internet'); a 401 waits for a new sign-in; a 409 asks to reload; nothing typed is dropped.
 */
export class TourSaver {
  readonly state = proxy<SaverState>({ status: 'saved', message: '', warnings: [] });
  private pending: Tour | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;
  /** The newest revision the server answered; a pending edit made on an older one is sent on this one. */
  private revision = 0;
  /** Saves and other writes of the tour, one at a time, so that each carries the revision the one before made. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly save: SaveCall,
    private readonly onSaved: (saved: { revision: number }) => void,
  ) {}

  /**
   * Runs a write of the tour through another route (a floor plan, a restore) between saves and takes the revision
   * it answers, so the next save is not refused as stale. Its failure is the caller's.
   */
  between<T extends { revision: number }>(write: () => Promise<T>): Promise<T> {
    return this.serially(async () => {
      const written = await write();
      this.adopt(written.revision);
      return written;
    });
  }

  private serially<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write, write);
    this.writes = next.catch(() => undefined);
    return next;
  }

  private adopt(revision: number): void {
    if (revision <= this.revision) return;
    this.revision = revision;
    if (this.pending) this.pending = { ...this.pending, revision };
    this.onSaved({ revision });
  }

  change(tour: Tour): void {
    this.pending = tour;
    if (this.state.status !== 'conflict') this.set('unsaved', '');
    this.schedule(SAVE_DEBOUNCE_MS);
  }

  /** Try again now (back online, signed in again). */
  flush(): void {
    this.schedule(0);
  }

  /**
   * Saves what is pending now and tells whether the server holds every edit. Removing a library file waits for
   * this: the server keeps a file while a saved tour names it, and an edit not yet saved would not count.
   */
  settled(): Promise<boolean> {
    const waiting = (status: SaveStatus) => status === 'unsaved' || status === 'saving';
    if (!waiting(this.state.status)) return Promise.resolve(this.state.status === 'saved');
    this.flush();
    return new Promise((resolve) => {
      const stop = subscribe(this.state, () => {
        if (waiting(this.state.status)) return;
        stop();
        resolve(this.state.status === 'saved');
      });
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
  }

  private set(status: SaveStatus, message: string): void {
    this.state.status = status;
    this.state.message = message;
  }

  private async run(): Promise<void> {
    const tour = this.pending;
    if (!tour || this.inFlight || this.state.status === 'conflict') return;
    this.inFlight = true;
    this.set('saving', '');
    // The server runs the same checks and refuses a tour with errors; the warnings are only the owner's to read.
    this.state.warnings = findTourProblems(tour, tour.floorplans)
      .filter((problem) => problem.level === 'warning')
      .map((problem) => problem.message);
    try {
      // The newest edit is sent once the writes before it are done, on the newest revision this editor made.
      let sent = tour;
      const saved = await this.serially(() => {
        sent = this.pending!.revision < this.revision ? { ...this.pending!, revision: this.revision } : this.pending!;
        this.pending = sent;
        return this.save(sent);
      });
      // Edits made while this save was on its way carry the old revision: move them onto the new one.
      this.pending = this.pending === sent ? undefined : { ...this.pending!, revision: saved.revision };
      this.revision = Math.max(this.revision, saved.revision);
      this.onSaved(saved);
      this.set(this.pending ? 'unsaved' : 'saved', '');
      if (this.pending) this.schedule(0);
    } catch (err) {
      const failure = err instanceof RequestFailed ? err : new RequestFailed(0, 'NetworkError', MESSAGES.notConnected);
      if (failure.status === 0) {
        this.set('offline', MESSAGES.notConnected);
        this.schedule(OFFLINE_RETRY_MS);
      } else if (failure.status === 401) this.set('signed-out', 'Your sign-in has expired. Sign in again to save; your changes are kept.');
      else if (failure.status === 409) this.set('conflict', 'This tour was changed elsewhere. Reload it to continue; your last changes here were not saved.');
      else this.set('invalid', refusalInWords(failure, FIELD_LABELS));
    } finally {
      this.inFlight = false;
    }
  }
}
