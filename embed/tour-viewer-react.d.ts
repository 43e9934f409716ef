// <tour-viewer> in React's JSX. Generated with tour-viewer.d.ts, which it needs beside it: do not edit.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { TourViewerAttributes, TourViewerElement, TourViewerEventMap } from './tour-viewer';

/** React 19 listens to a custom element's events through props named `on` and the event's name. */
export interface TourViewerListeners {
  'ontour-load'?: (event: TourViewerEventMap['tour-load']) => void;
  'onscene-change'?: (event: TourViewerEventMap['scene-change']) => void;
  'ontour-error'?: (event: TourViewerEventMap['tour-error']) => void;
  'onlead-submit'?: (event: TourViewerEventMap['lead-submit']) => void;
  'onload-progress'?: (event: TourViewerEventMap['load-progress']) => void;
  'onview-change'?: (event: TourViewerEventMap['view-change']) => void;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'tour-viewer': DetailedHTMLProps<HTMLAttributes<TourViewerElement>, TourViewerElement> & TourViewerAttributes & TourViewerListeners;
    }
  }
}
