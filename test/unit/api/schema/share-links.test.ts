import { describe, expect, it } from 'vitest';
import { pinnedScript, shareLinks } from '../../../../api/schema/share-links';

describe('shareLinks', () => {
  it('gives the page link, the iframe with camera and microphone allowed, and the script tag of the server', () => {
    const { link, iframe, script } = shareLinks('https://tours.example', 'abc123', false);
    expect(link).toBe('https://tours.example/tours/abc123');
    expect(iframe).toContain(`src="${link}"`);
    expect(iframe).toContain('allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer; camera; microphone; display-capture"');
    expect(script).toBe(
      '<link rel="stylesheet" href="https://tours.example/embed/tour-viewer.css">\n' +
        '<script type="module" src="https://tours.example/embed/tour-viewer.js"></script>\n<tour-viewer short-id="abc123"></tour-viewer>',
    );
  });

  it('asks for listing-compliant mode in every form when asked', () => {
    const { link, iframe, script } = shareLinks('https://tours.example', 'abc123', true);
    expect(link).toBe('https://tours.example/tours/abc123?mls=1');
    expect(iframe).toContain('/tours/abc123?mls=1');
    expect(script).toContain('<tour-viewer short-id="abc123" mls="1">');
  });

  it('addresses the social buttons with the link and the title, each as data of its own parameter', () => {
    const { facebook, twitter, email } = shareLinks('https://tours.example', 'abc123', true, 'Sea & sky? <yes>');
    expect(facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ftours.example%2Ftours%2Fabc123%3Fmls%3D1');
    expect(twitter).toBe('https://twitter.com/intent/tweet?url=https%3A%2F%2Ftours.example%2Ftours%2Fabc123%3Fmls%3D1&text=Sea%20%26%20sky%3F%20%3Cyes%3E');
    expect(email).toBe('mailto:?subject=Sea%20%26%20sky%3F%20%3Cyes%3E&body=https%3A%2F%2Ftours.example%2Ftours%2Fabc123%3Fmls%3D1');
  });

  it('pins the script-tag code to one build of the viewer, with its integrity and a CORS request the check needs', () => {
    const code = pinnedScript('https://tours.example', 'abc123', true, { version: '0123456789abcdef', integrity: 'sha384-AbC+/=' });
    expect(code).toBe(
      '<link rel="stylesheet" href="https://tours.example/embed/v/0123456789abcdef/tour-viewer.css">\n' +
        '<script type="module" src="https://tours.example/embed/v/0123456789abcdef/tour-viewer.js" integrity="sha384-AbC+/=" crossorigin="anonymous"></script>\n' +
        '<tour-viewer short-id="abc123" mls="1"></tour-viewer>',
    );
  });
});
