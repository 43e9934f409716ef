import { Component, type ReactNode } from 'react';
import { emit } from '../element/viewer-events';
import { ViewerNotice } from './ViewerFrame';

export const RENDER_FAILED = 'Something went wrong while showing this tour. Reload the page to try again.';

interface Props {
  host: Element;
  children: ReactNode;
}

/**
 * A render error anywhere in the viewer would otherwise leave the element blank with nothing said: the page hears
 * it as a `tour-error` (RenderFailed) and the visitor sees a message. React itself logs the error.
 */
export class ViewerErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    emit(this.props.host, 'tour-error', { code: 'RenderFailed', message: RENDER_FAILED });
  }

  override render(): ReactNode {
    return this.state.failed ? <ViewerNotice status="error" text={RENDER_FAILED} /> : this.props.children;
  }
}
