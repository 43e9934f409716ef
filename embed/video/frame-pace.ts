/** How long this page has recently taken to draw a frame. */
export interface FramePace {
  /** The longest of the last RECENT_FRAMES gaps between frames (one frame at 60 a second before any is drawn). */
  slowestFrameMs(): number;
  stop(): void;
}

/** About half a second at 60 frames a second, a second at 30. */
const RECENT_FRAMES = 30;

/**
 * Counts frames from now on. The slowest recent frame, not an average: an idle page draws cheaply, and what
 * matters is how long the frames take that move the camera, which are among the slow ones.
 */
export function watchFramePace(): FramePace {
  const gaps: number[] = [];
  let previous: number | undefined;
  let frame = requestAnimationFrame(function count(at) {
    if (previous !== undefined) gaps.push(at - previous);
    if (gaps.length > RECENT_FRAMES) gaps.shift();
    previous = at;
    frame = requestAnimationFrame(count);
  });
  return {
    slowestFrameMs: () => Math.max(1000 / 60, ...gaps),
    stop: () => cancelAnimationFrame(frame),
  };
}
