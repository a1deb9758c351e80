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

  // The API's rules for the body (src/identity/params.ts), checked here first: a registration the
  // API would refuse is not sent, so fixing a typo costs none of the hourly allowance.
  var RULES = [
    { name: 'firstName', label: 'First name', check: function (v) { return v.trim() ? '' : 'is required'; } },
    { name: 'lastName', label: 'Last name', check: function (v) { return v.trim() ? '' : 'is required'; } },
    { name: 'email', label: 'E-mail', check: function (v, input) {
      if (!v.trim()) return 'is required';
      return input.validity.typeMismatch || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? 'must be an e-mail address' : '';
    } },
    { name: 'password', label: 'Password', check: function (v) { return v.length >= 10 ? '' : 'must be at least 10 characters'; } },
  ];

  /** The problems with the form's fields, marking each field; [] when it can be sent. */
  function problems() {
    var found = [];
    RULES.forEach(function (rule) {
      var input = form.elements.namedItem(rule.name);
      var problem = rule.check(String(input.value || ''), input);
      if (problem) {
        input.setAttribute('aria-invalid', 'true');
        found.push({ input: input, text: rule.label + ' ' + problem + '.' });
      } else {
        input.removeAttribute('aria-invalid');
      }
    });
    return found;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    errorBox.hidden = true;
    var invalid = problems();
    if (invalid.length > 0) {
      showError(invalid.map(function (p) { return p.text; }).join(' '));
      invalid[0].input.focus();
      return;
    }
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
