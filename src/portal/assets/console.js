// The key console: with a pasted API key, shows its account, tier and quota (GET /api/account/me
// and its RateLimit-* headers), lists the account's keys, mints and revokes them.
// The key lives in this tab's sessionStorage at most and travels only in the Authorization
// header: never in a URL, never in a log. Server data is shown with textContent only.
'use strict';
(function () {
  var KEY_STORAGE = 'marine-portal-api-key';
  var KEY_FORMAT = /^svc_(public|live)_[0-9a-f]{40}$/;
  var $ = function (id) { return document.getElementById(id); };
  var keyForm = $('key-form');
  var keyInput = $('api-key');
  var errorBox = $('console-error');
  var statusLine = $('console-status');
  var body = $('console-body');
  var mintForm = $('mint-form');
  if (!keyForm || !keyInput || !errorBox || !statusLine || !body || !mintForm) return;

  var apiKey = null;
  var account = null;

  function setText(id, text) { $(id).textContent = text; }
  function showError(text) {
    errorBox.textContent = text;
    errorBox.hidden = false;
  }
  function clearMessages() {
    errorBox.hidden = true;
    errorBox.textContent = '';
    statusLine.textContent = '';
  }

  /** "2 h 5 min" for a number of seconds. */
  function duration(seconds) {
    var s = Math.max(0, Math.round(seconds));
    var h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60);
    if (h > 0) return h + ' h ' + m + ' min';
    if (m > 0) return m + ' min ' + (s % 60) + ' s';
    return s + ' s';
  }
  function when(iso) { return iso ? new Date(iso).toLocaleString() : 'never'; }

  /** Every API answer carries the caller's quota; show the newest. */
  function showQuota(headers) {
    var limit = headers.get('RateLimit-Limit');
    var remaining = headers.get('RateLimit-Remaining');
    var reset = headers.get('RateLimit-Reset');
    if (limit === null || remaining === null) return;
    setText('quota-limit', limit + ' requests per rolling ' + ($('account').getAttribute('data-window') || 'window'));
    setText('quota-remaining', remaining + ' of ' + limit);
    setText('quota-reset', reset === null ? 'unknown' : 'one more request allowed in ' + duration(Number(reset)));
  }

  /** One API call with the key; resolves to the parsed body, or rejects with a readable message. */
  function call(method, path, payload) {
    var headers = { authorization: 'Bearer ' + apiKey, accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, {
      method: method,
      headers: headers,
      body: payload === undefined ? undefined : JSON.stringify(payload),
      credentials: 'omit',
      cache: 'no-store',
    }).then(function (res) {
      showQuota(res.headers);
      return res.json().catch(function () { return null; }).then(function (json) {
        if (res.ok && json && json.success) return json.data;
        var text = json && typeof json.error === 'string'
          ? json.error + (typeof json.details === 'string' ? ': ' + json.details : '')
          : 'HTTP ' + res.status;
        var retry = res.headers.get('Retry-After');
        if (res.status === 429 && retry) text += ' (retry in ' + duration(Number(retry)) + ')';
        throw new Error(text);
      });
    }, function () {
      throw new Error('The server could not be reached. Try again.');
    });
  }

  function tierText(acc) {
    var keyTier = apiKey.indexOf('svc_live_') === 0 ? 'admin' : 'public';
    if (keyTier === 'admin' && !acc.isAdmin) return 'public (an admin key of an account that is no longer an administrator)';
    return keyTier + (keyTier === 'admin' ? ' (svc_live_ key)' : ' (svc_public_ key)');
  }

  function showAccount(acc) {
    account = acc;
    setText('account-name', [acc.firstName, acc.lastName].filter(Boolean).join(' '));
    setText('account-email', acc.email);
    setText('account-id', acc.id);
    setText('account-tier', tierText(acc));
  }

  function cell(row, text) {
    var td = document.createElement('td');
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function showKeys(keys) {
    var list = $('keys-list');
    list.replaceChildren();
    var max = account && account.canMintAdminKeys ? 5 : 2;
    setText('keys-caption', 'Active keys: ' + keys.length + ' of ' + max);
    keys.forEach(function (k) {
      var row = document.createElement('tr');
      var current = apiKey.indexOf(k.prefix) === 0;
      cell(row, k.name + (current ? ' (this key)' : ''));
      cell(row, k.prefix + '…');
      cell(row, k.tier);
      cell(row, when(k.createdAt));
      cell(row, when(k.lastUsedAt));
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'danger';
      button.textContent = 'Revoke';
      button.setAttribute('aria-label', 'Revoke key ' + k.name);
      button.addEventListener('click', function () { revoke(k, current, button); });
      cell(row, '').appendChild(button);
      list.appendChild(row);
    });
  }

  function refreshKeys() {
    return call('GET', '/api/v1/user-api-keys').then(function (data) { showKeys(data.keys); });
  }

  function load() {
    clearMessages();
    statusLine.textContent = 'Loading…';
    return call('GET', '/api/account/me').then(function (acc) {
      if (!acc) throw new Error('This key has no account.');
      showAccount(acc);
      return refreshKeys();
    }).then(function () {
      body.hidden = false;
      statusLine.textContent = 'Account loaded.';
    }).catch(function (err) {
      body.hidden = true;
      statusLine.textContent = '';
      showError(err.message);
    });
  }

  function forget() {
    apiKey = null;
    account = null;
    sessionStorage.removeItem(KEY_STORAGE);
    keyInput.value = '';
    body.hidden = true;
    $('minted').hidden = true;
    $('minted-key').value = '';
  }

  function revoke(k, current, button) {
    if (current && !window.confirm('This is the key you are using here. Revoke it? The console will forget it.')) return;
    clearMessages();
    button.disabled = true;
    call('DELETE', '/api/v1/user-api-keys/' + encodeURIComponent(k.id)).then(function () {
      if (current) {
        forget();
        statusLine.textContent = 'Key “' + k.name + '” revoked. Paste another key to go on.';
        return;
      }
      return refreshKeys().then(function () { statusLine.textContent = 'Key “' + k.name + '” revoked.'; });
    }).catch(function (err) {
      button.disabled = false;
      showError(err.message);
    });
  }

  keyForm.addEventListener('submit', function (event) {
    event.preventDefault();
    var key = keyInput.value.trim();
    if (!KEY_FORMAT.test(key)) {
      clearMessages();
      showError('An API key is svc_public_ or svc_live_ followed by 40 hexadecimal digits.');
      return;
    }
    apiKey = key;
    sessionStorage.setItem(KEY_STORAGE, key);
    load();
  });

  $('forget-key').addEventListener('click', function () {
    forget();
    clearMessages();
    statusLine.textContent = 'The key was removed from this tab.';
  });

  mintForm.addEventListener('submit', function (event) {
    event.preventDefault();
    clearMessages();
    var name = $('key-name').value.trim();
    var submit = mintForm.querySelector('button[type="submit"]');
    submit.disabled = true;
    call('POST', '/api/v1/user-api-keys', name ? { name: name } : {}).then(function (minted) {
      $('minted-key').value = minted.apiKey;
      $('minted').hidden = false;
      $('key-name').value = '';
      statusLine.textContent = 'Key “' + minted.name + '” minted. Store it now: it is shown only once.';
      return refreshKeys();
    }).catch(function (err) {
      showError(err.message);
    }).finally(function () {
      submit.disabled = false;
    });
  });

  var stored = sessionStorage.getItem(KEY_STORAGE);
  if (stored && KEY_FORMAT.test(stored)) {
    apiKey = stored;
    keyInput.value = stored;
    load();
  }
})();
