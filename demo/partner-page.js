// The partner page's own script, in a file rather than inline so the page runs under a CSP without 'unsafe-inline'.
document.querySelector('pre code').textContent = document.querySelector('pre code').textContent.replaceAll('ORIGIN', location.origin);
for (const type of ['tour-load', 'scene-change', 'tour-error']) {
  document.addEventListener(type, (event) => {
    document.getElementById('last-event').textContent = type + ': ' + JSON.stringify(event.detail);
  });
}
