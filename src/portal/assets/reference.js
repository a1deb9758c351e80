// Starts Swagger UI (swagger-ui-bundle.js, loaded before this file) on the OpenAPI document.
// A separate file because the page's CSP runs no inline script.
'use strict';
(function () {
  var root = document.getElementById('reference');
  var SwaggerUIBundle = window.SwaggerUIBundle;
  if (!root || typeof SwaggerUIBundle !== 'function') return;
  SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    domNode: root,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // No badge from an outside validator service; no operation ids written into the URL.
    validatorUrl: null,
    deepLinking: false,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    // An API key typed into "Authorize" lives in memory only, never in localStorage.
    persistAuthorization: false,
    // "Try it out" calls this same origin only (the CSP's connect-src).
    tryItOutEnabled: false,
  });
})();
