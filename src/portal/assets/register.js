// The registration form: posts JSON to POST /api/agents/register and shows the returned key once.
// Everything from the server is shown with textContent/value, never parsed as HTML; the key is
// never put in a URL or logged. It reaches the key console only if asked, through sessionStorage.
'use strict';
(function () {
  var KEY_STORAGE = 'marine-portal-api-key';
  var form = document.getElementById('register-form');
  var errorBox = document.getElementById('register-error');
  var result = document.getElementById('register-result');
  var keyField = document.getElementById('new-api-key');
  if (!form || !errorBox || !result || !keyField) return;

  function showError(text) {
    errorBox.textContent = text;
    errorBox.hidden = false;
  }

  /** The API's error shape: {success: false, error, details?}. */
  function errorText(status, body) {
    if (body && typeof body.error === 'string') {
      return body.error + (typeof body.details === 'string' ? ': ' + body.details : '');
    }
    return 'Registration failed (HTTP ' + status + ').';
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    errorBox.hidden = true;
    var data = new FormData(form);
    var body = {
      firstName: String(data.get('firstName') || ''),
      lastName: String(data.get('lastName') || ''),
      email: String(data.get('email') || ''),
      password: String(data.get('password') || ''),
    };
    var purpose = String(data.get('purpose') || '').trim();
    if (purpose) body.purpose = purpose;
    var button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    fetch('/api/agents/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    }).then(function (res) {
      return res.json().catch(function () { return null; }).then(function (json) {
        if (!res.ok || !json || !json.success) {
          showError(errorText(res.status, json));
          return;
        }
        keyField.value = json.data.credentials.apiKey;
        form.reset();
        form.hidden = true;
        result.hidden = false;
        keyField.focus();
        keyField.select();
      });
    }).catch(function () {
      showError('The server could not be reached. Try again.');
    }).finally(function () {
      button.disabled = false;
    });
  });

  document.getElementById('copy-key').addEventListener('click', function () {
    keyField.select();
    if (navigator.clipboard) navigator.clipboard.writeText(keyField.value).catch(function () { /* selected: copy by hand */ });
  });

  document.getElementById('open-console').addEventListener('click', function () {
    sessionStorage.setItem(KEY_STORAGE, keyField.value);
    window.location.assign('/developers/console');
  });
})();
