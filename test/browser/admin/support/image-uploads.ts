const IMAGES_PATH = '/api/images/';
/** Nothing listens on the discard port: a request there fails as a dropped network does. */
const CLOSED_PORT = 'http://127.0.0.1:9/';

export interface ImageUploads {
  /** File names of every picture the page sent to the real API, in order. */
  sent: string[];
  /** Whether a picture has been sent (or, when held, is waiting to go). */
  uploading: () => boolean;
  /** Lets held uploads go on to the real server. */
  release: () => void;
  restore: () => void;
}

/**
 * Watches the pictures the page uploads, through fetch (floor plans) or XMLHttpRequest (scene images, which report
 * their progress), without altering them; with `hold`, each waits until `release`, so that what a test does meanwhile
 * is certain to happen while the upload is on its way. A scene image `cutOff` names is sent to a closed port
 * instead, a real network failure.
 */
export function watchImageUploads({ hold = false, cutOff = (_name: string): boolean => false } = {}): ImageUploads {
  const sent: string[] = [];
  let release!: () => void;
  const released = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const record = (body: unknown) => body instanceof FormData && sent.push((body.get('image') as File).name);

  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    if (String(input) !== IMAGES_PATH) return realFetch(input, init);
    record(init?.body);
    await released;
    return realFetch(input, init);
  };

  const prototype = XMLHttpRequest.prototype;
  const { open: realOpen, send: realSend } = prototype;
  const paths = new WeakMap<XMLHttpRequest, string>();
  prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
    paths.set(this, String(url));
    realOpen.call(this, method, url, true);
  };
  prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (paths.get(this) !== IMAGES_PATH) return realSend.call(this, body);
    record(body);
    if (body instanceof FormData && cutOff((body.get('image') as File).name)) realOpen.call(this, 'POST', CLOSED_PORT, true);
    void released.then(() => realSend.call(this, body));
  };

  return {
    sent,
    uploading: () => sent.length > 0,
    release: () => release?.(),
    restore: () => {
      window.fetch = realFetch;
      Object.assign(prototype, { open: realOpen, send: realSend });
    },
  };
}
