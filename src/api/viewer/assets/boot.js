/**
 * Runs before the viewer's modules (a classic script): when one of them cannot be loaded — /viewer/client.js answers
 * 503 when the server cannot bundle the API client — the page would otherwise sit there silently. Error events of
 * <script> elements do not bubble, hence the capturing listener on the document.
 */
document.addEventListener(
  'error',
  (event) => {
    const script = event.target;
    if (!(script instanceof HTMLScriptElement) || script.type !== 'module') return;
    const status = document.querySelector('#status');
    if (!status) return;
    status.textContent =
      'The viewer could not start: its API client (/viewer/client.js) failed to load. ' +
      'The server may be unable to build it (esbuild missing): open /viewer/client.js for the reason.';
    status.classList.add('error');
    document.body.dataset.failed = 'client';
  },
  true,
);
