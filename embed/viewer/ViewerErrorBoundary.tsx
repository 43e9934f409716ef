import { Component, type ReactNode } from 'react';
import { EN } from '../i18n/en';
import { useMessages } from '../i18n/i18n-context';
import { emitTourError } from '../i18n/tour-error';
import { ViewerNotice } from './ViewerFrame';

export const RENDER_FAILED = EN['error.RenderFailed'];

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
    emitTourError(this.props.host, { code: 'RenderFailed', message: RENDER_FAILED });
  }

  override render(): ReactNode {
    return this.state.failed ? <RenderFailedNotice /> : this.props.children;
  }
}

function RenderFailedNotice() {
  return <ViewerNotice status="error" text={useMessages().t('error.RenderFailed')} />;
}
