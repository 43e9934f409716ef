// <tour-viewer> in React's JSX. Generated with tour-viewer.d.ts, which it needs beside it: do not edit.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { TourViewerAttributes, TourViewerElement } from './tour-viewer';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'tour-viewer': DetailedHTMLProps<HTMLAttributes<TourViewerElement>, TourViewerElement> & TourViewerAttributes;
    }
  }
}
