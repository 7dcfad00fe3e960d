/**
 * The demo wallet (dev mode only, "In dev mode"): a TON wallet injected into the page the
 * dev-mode server serves, speaking TonConnect's JS bridge protocol (ton-connect's bridge.md and
 * requests-responses.md) as `window.switchDemoWallet.tonconnect`, so a person in a plain browser,
 * and the browser tests, pay over the real @tonconnect/ui-react with no network and no real wallet.
 *
 * The page half is a plain script (demoWalletScript) put into index.html's head by the dev-mode
 * server, before the app loads: it answers connect, restoreConnection, send and listen, asks its
 * user in a small dialog of its own (Approve or Decline), and hands the transaction to the dev
 * route below. The server half (POST /dev/ton/demoWallet/send) reads the TonConnect message, builds
 * the internal message it stands for (the demo wallet to the destination, the amount, the payload
 * as body) as a BOC and submits it to the TON API stand-in, which makes it a transaction on the
 * destination: the TON watcher then sees it like any payment. The wallet answers that BOC.
 *
 * None of this exists in a production build or on a production server: the script is added to
 * the page by the dev-mode server only, and the routes are registered in dev mode only.
 */
import { createHash } from 'node:crypto'
import { keyPairFromSeed } from '@ton/crypto'
import { Address, beginCell, Cell, contractAddress, loadStateInit, storeMessage, storeStateInit } from '@ton/core'
import { Hono } from 'hono'
import * as t from 'io-ts'
import type { Clock } from '../kernel/clock'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import type { TonProof } from '../../domain/payments/codecs'
import { commentOf } from '../payments/ton'
import { signTonProof } from '../payments/tonProof'

/** The key under `window` the wallet is injected at, and its app_name in the wallets list. */
export const DEMO_WALLET_KEY = 'switchDemoWallet'

/**
 * The demo wallet's account: a key pair from a fixed seed and a state init whose data is a wallet
 * v4's (seqno 0, wallet id 698983191, the public key, no plugins), so the address is the hash of that
 * state init, as TonConnect's `ton_addr` reply says it is, and a ton_proof's key is read from it as
 * from a real wallet's (server/payments/tonProof.ts). Its code is no wallet contract: the stand-in
 * never runs code. It signs real proofs with its ed25519 key (POST /dev/ton/demoWallet/proof).
 */
function demoAccount() {
  const keys = keyPairFromSeed(createHash('sha256').update('switch-wallet/dev-demo-wallet').digest())
  const data = beginCell()
    .storeUint(0, 32)
    .storeUint(698_983_191, 32)
    .storeBuffer(keys.publicKey)
    .storeBit(false)
    .endCell()
  const init = { code: beginCell().storeStringTail('SWITCH demo wallet (dev mode only)').endCell(), data }
  const address = contractAddress(0, init)
  return {
    address,
    raw: address.toRawString(),
    friendly: address.toString({ bounceable: false, urlSafe: true }),
    publicKey: keys.publicKey.toString('hex'),
    stateInit: beginCell().store(storeStateInit(init)).endCell().toBoc().toString('base64'),
    secretKey: keys.secretKey,
  }
}
export const DEMO_WALLET = demoAccount()

/** The demo wallet's ton_proof for `domain` and `payload`, signed now (`now` in epoch ms), as its connect reply's item. */
export function demoWalletProof(domain: string, payload: string, now: number): TonProof {
  return signTonProof({
    secretKey: DEMO_WALLET.secretKey,
    address: DEMO_WALLET.address,
    domain,
    timestamp: Math.floor(now / 1000),
    payload,
    stateInit: DEMO_WALLET.stateInit,
  })
}

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#f5a623"/><rect x="12" y="20" width="40" height="28" rx="6" fill="#fff"/><rect x="36" y="30" width="16" height="8" rx="4" fill="#f5a623"/><path d="M16 20l24-8 4 8" fill="none" stroke="#fff" stroke-width="4" stroke-linejoin="round"/></svg>`

/**
 * The demo wallet's entry in the dev wallets list (/tonconnect-wallets.json), in wallets-v2.json's
 * format: a JS bridge only. The page it is injected into counts as the wallet's own browser
 * (isWalletBrowser), as a dApp opened in a wallet app's browser is: TonConnect UI then connects to
 * it directly, on a phone-sized page as on a wide one (its list would offer a phone only the
 * wallets it can reach by a universal link, over an HTTP bridge).
 */
export const demoWalletListEntry = (origin: string) => ({
  app_name: DEMO_WALLET_KEY,
  name: 'Demo wallet',
  image: `${origin}/dev/ton/demoWallet.svg`,
  about_url: `${origin}/`,
  platforms: ['chrome', 'firefox', 'safari', 'ios', 'android', 'macos', 'windows', 'linux'],
  features: [{ name: 'SendTransaction', maxMessages: 1 }],
  bridge: [{ type: 'js', key: DEMO_WALLET_KEY }],
})

const ProofBody = t.type({ domain: t.string, payload: t.string })
const Message = t.intersection([
  t.type({ address: t.string, amount: t.string }),
  t.partial({ payload: t.string, stateInit: t.string }),
])
const SendBody = t.intersection([
  t.type({ messages: t.array(Message) }),
  t.partial({ validUntil: t.number, dry: t.boolean }),
])

function cellOf(base64: string | undefined, path: string): Cell | null {
  if (base64 === undefined) return null
  try {
    return Cell.fromBase64(base64)
  } catch {
    throw new BadRequest('not a bag of cells in base64', path)
  }
}

export interface DemoWalletRoutesOptions {
  /** The TON API stand-in the wallet sends to. */
  tonApiUrl: string
  clock: Clock
}

/**
 * GET /dev/ton/demoWallet.svg (its icon), POST /dev/ton/demoWallet/proof: `{domain, payload}` of a
 * connect that asks for a ton_proof, answered as the reply's item, and POST /dev/ton/demoWallet/send: `{messages,
 * validUntil?, dry?}` from a TonConnect sendTransaction. With `dry` it answers what the wallet
 * shows before asking (to, amount, comment); without, it sends and answers `{boc}`, the message it
 * built, which the stand-in has made a transaction of.
 */
export function demoWalletRoutes(o: DemoWalletRoutesOptions) {
  const app = new Hono()
  app.get('/dev/ton/demoWallet.svg', (c) =>
    c.body(ICON, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }),
  )
  // The wallet's ton_proof item for a connect that asks for one: signed with its key on the server's clock.
  app.post('/dev/ton/demoWallet/proof', async (c) => {
    const body = decodeOrThrow(ProofBody, await jsonBody(c))
    if (body.domain.length === 0 || body.domain.length > 253)
      throw new BadRequest("the app's domain, as its manifest url names it", 'domain')
    if (body.payload.length > 128) throw new BadRequest('a payload of at most 128 characters', 'payload')
    const { stateInit: _, ...proof } = demoWalletProof(body.domain, body.payload, o.clock.now())
    return c.json({ name: 'ton_proof', proof })
  })
  app.post('/dev/ton/demoWallet/send', async (c) => {
    const body = decodeOrThrow(SendBody, await jsonBody(c))
    if (body.messages.length !== 1)
      throw new BadRequest(
        'the demo wallet sends exactly one message per transaction (its maxMessages is 1)',
        'messages',
      )
    const m = body.messages[0]
    let to: ReturnType<typeof Address.parseFriendly>
    try {
      // TonConnect: a user-friendly address only; its bounce flag is the message's.
      to = Address.parseFriendly(m.address.trim())
    } catch {
      throw new BadRequest('not a user-friendly TON address', 'messages.0.address')
    }
    if (!/^\d{1,30}$/.test(m.amount)) throw new BadRequest('nanotons as a string of digits', 'messages.0.amount')
    const payload = cellOf(m.payload, 'messages.0.payload')
    const init = cellOf(m.stateInit, 'messages.0.stateInit')
    if (body.validUntil !== undefined && (!Number.isInteger(body.validUntil) || body.validUntil * 1000 < o.clock.now()))
      throw new BadRequest('the transaction is no longer valid (validUntil has passed)', 'validUntil')
    const comment = commentOf(payload)
    const friendly = to.address.toString({ bounceable: to.isBounceable, urlSafe: true })
    if (body.dry) return c.json({ from: DEMO_WALLET.friendly, to: friendly, amount: m.amount, comment })
    const boc = beginCell()
      .store(
        storeMessage({
          info: {
            type: 'internal',
            ihrDisabled: true,
            bounce: to.isBounceable,
            bounced: false,
            src: DEMO_WALLET.address,
            dest: to.address,
            value: { coins: BigInt(m.amount) },
            ihrFee: 0n,
            forwardFee: 0n,
            createdLt: 0n,
            createdAt: Math.floor(o.clock.now() / 1000),
          },
          init: init === null ? undefined : loadStateInit(init.beginParse()),
          body: payload ?? Cell.EMPTY,
        }),
      )
      .endCell()
      .toBoc()
      .toString('base64')
    const sent = await fetch(`${o.tonApiUrl}/api/v3/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boc }),
      signal: AbortSignal.timeout(10_000),
    })
    if (!sent.ok)
      return c.json({ message: `the TON API stand-in refused the message: ${(await sent.text()).slice(0, 200)}` }, 502)
    const { message_hash } = (await sent.json()) as { message_hash: string }
    return c.json({ boc, messageHash: message_hash })
  })
  return app
}

/** JSON for an inline script: `<` escaped, so no value can close the script element. */
const inline = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c')

/**
 * The page half: `window.switchDemoWallet.tonconnect`, TonConnect's injected-wallet interface
 * (protocolVersion 2, deviceInfo, walletInfo, isWalletBrowser, connect, restoreConnection, send,
 * listen, and the disconnect the SDK also calls). `server` is the dev-mode server's origin.
 */
export function demoWalletScript(server: string): string {
  // What the page may know of the account: never its secret key (the proof is signed by the dev route).
  const account = {
    raw: DEMO_WALLET.raw,
    friendly: DEMO_WALLET.friendly,
    publicKey: DEMO_WALLET.publicKey,
    stateInit: DEMO_WALLET.stateInit,
  }
  const entry = demoWalletListEntry(server)
  return `<script>(function () {
  var SERVER = ${inline(server)}, ACCOUNT = ${inline(account)}, KEY = ${inline(DEMO_WALLET_KEY)};
  var CONNECTED = 'switch-demo-wallet/connected';
  var TEXT = {
    en: { connect: 'Connect to {app}?', connectLine: 'It will see your address {address}.', send: 'Send {amount} TON?', to: 'To: {to}', comment: 'Comment: {comment}', approve: 'Approve', decline: 'Decline' },
    ru: { connect: 'Подключиться к {app}?', connectLine: 'Приложение увидит ваш адрес {address}.', send: 'Отправить {amount} TON?', to: 'Кому: {to}', comment: 'Комментарий: {comment}', approve: 'Подтвердить', decline: 'Отклонить' }
  };
  var lastEventId = Date.now();
  var listeners = [];
  var deviceInfo = { platform: 'browser', appName: KEY, appVersion: '1.0.0', maxProtocolVersion: 2, features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 1 }] };
  var walletInfo = { name: ${inline(entry.name)}, app_name: KEY, image: ${inline(entry.image)}, about_url: ${inline(entry.about_url)}, platforms: ${inline(entry.platforms)} };
  function text(key, values) {
    var t = TEXT[(document.documentElement.lang || navigator.language || 'en').slice(0, 2) === 'ru' ? 'ru' : 'en'][key];
    return t.replace(/\\{(\\w+)\\}/g, function (_, k) { return values && values[k] !== undefined ? String(values[k]) : ''; });
  }
  function eventId() { lastEventId = Math.max(lastEventId + 1, Date.now()); return lastEventId; }
  function tons(nano) {
    var s = String(nano).replace(/^0+(?=\\d)/, '');
    while (s.length < 10) s = '0' + s;
    var whole = s.slice(0, -9), frac = s.slice(-9).replace(/0+$/, '');
    return frac ? whole + '.' + frac : whole;
  }
  function short(a) { return a.slice(0, 6) + '…' + a.slice(-6); }
  /** The wallet's own question to its user: resolves true for Approve, false for Decline. */
  function ask(title, lines) {
    return new Promise(function (resolve) {
      var shade = document.createElement('div');
      shade.setAttribute('data-demo-wallet', '');
      shade.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.45);display:flex;align-items:flex-end;justify-content:center;font:15px/1.4 system-ui,-apple-system,sans-serif';
      // The wallet's own window: a click in it is not a click outside TonConnect UI's dialog (which would close it).
      ['click', 'mousedown', 'pointerdown', 'touchstart'].forEach(function (type) { shade.addEventListener(type, function (e) { e.stopPropagation(); }); });
      var box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-modal', 'true');
      box.setAttribute('aria-label', 'Demo wallet');
      var dark = document.documentElement.dataset.scheme === 'dark';
      box.style.cssText = 'box-sizing:border-box;width:100%;max-width:480px;border-radius:16px 16px 0 0;padding:20px 16px calc(16px + env(safe-area-inset-bottom));overflow-wrap:anywhere;' + (dark ? 'background:#17212b;color:#f5f5f5' : 'background:#fff;color:#111');
      var head = document.createElement('div');
      head.style.cssText = 'display:flex;align-items:center;gap:8px;font-size:13px;margin-bottom:8px;color:' + (dark ? '#aab4be' : '#6d6d72');
      var icon = document.createElement('img');
      icon.src = walletInfo.image; icon.alt = ''; icon.width = 20; icon.height = 20;
      head.appendChild(icon);
      head.appendChild(document.createTextNode(walletInfo.name));
      box.appendChild(head);
      var h = document.createElement('h2');
      h.textContent = title;
      h.style.cssText = 'font-size:18px;margin:0 0 8px';
      box.appendChild(h);
      lines.forEach(function (l) { var p = document.createElement('p'); p.textContent = l; p.style.cssText = 'margin:4px 0;font-family:ui-monospace,monospace;font-size:13px'; box.appendChild(p); });
      var row = document.createElement('div');
      row.style.cssText = 'display:flex;gap:8px;margin-top:16px';
      function button(label, primary, answer) {
        var b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.style.cssText = 'flex:1;min-height:44px;border:0;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;' + (primary ? 'background:#2481cc;color:#fff' : dark ? 'background:#2b3947;color:#f5f5f5' : 'background:#efeff4;color:#111');
        b.onclick = function () { shade.remove(); resolve(answer); };
        row.appendChild(b);
      }
      button(text('decline'), false, false);
      button(text('approve'), true, true);
      box.appendChild(row);
      shade.appendChild(box);
      document.body.appendChild(shade);
    });
  }
  function connectEvent() {
    return { event: 'connect', id: eventId(), payload: { items: [{ name: 'ton_addr', address: ACCOUNT.raw, network: '-239', publicKey: ACCOUNT.publicKey, walletStateInit: ACCOUNT.stateInit }], device: deviceInfo } };
  }
  function connectError(code, message) { return { event: 'connect_error', id: eventId(), payload: { code: code, message: message } }; }
  function post(body) {
    return fetch(SERVER + '/dev/ton/demoWallet/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.message || ('demo wallet: ' + r.status)); return j; }); });
  }
  var tonconnect = {
    protocolVersion: 2,
    isWalletBrowser: true,
    deviceInfo: deviceInfo,
    walletInfo: walletInfo,
    connect: function (protocolVersion, request) {
      if (protocolVersion > 2) return Promise.resolve(connectError(1, 'Bad request: protocol version ' + protocolVersion));
      return fetch(request.manifestUrl).then(function (r) { if (!r.ok) throw 2; return r.json().catch(function () { throw 3; }); })
        .then(function (manifest) {
          if (!manifest || typeof manifest.url !== 'string' || typeof manifest.name !== 'string') return connectError(3, 'App manifest content error');
          return ask(text('connect', { app: manifest.name }), [text('connectLine', { address: short(ACCOUNT.friendly) })]).then(function (ok) {
            if (!ok) return connectError(300, 'User declined the connection');
            localStorage.setItem(CONNECTED, request.manifestUrl);
            var event = connectEvent();
            var asked = request.items || [];
            var proofItem = asked.filter(function (item) { return item.name === 'ton_proof'; })[0];
            asked.forEach(function (item) { if (item.name !== 'ton_addr' && item.name !== 'ton_proof') event.payload.items.push({ name: item.name, error: { code: 400, message: 'Method is not supported' } }); });
            if (!proofItem) return event;
            // TonConnect: the proof is signed for the app's domain as its manifest's url names it.
            return fetch(SERVER + '/dev/ton/demoWallet/proof', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ domain: new URL(manifest.url).host, payload: String(proofItem.payload) }) })
              .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.message || ('demo wallet: ' + r.status)); return j; }); })
              .then(function (item) { event.payload.items.push(item); return event; }, function (e) { event.payload.items.push({ name: 'ton_proof', error: { code: 0, message: 'Unknown error: ' + (e && e.message) } }); return event; });
          });
        }, function (code) { return typeof code === 'number' ? connectError(code, code === 2 ? 'App manifest not found' : 'App manifest content error') : connectError(2, 'App manifest not found'); });
    },
    restoreConnection: function () {
      return Promise.resolve(localStorage.getItem(CONNECTED) ? connectEvent() : connectError(100, 'Unknown app'));
    },
    disconnect: function () { localStorage.removeItem(CONNECTED); },
    listen: function (callback) {
      listeners.push(callback);
      return function () { listeners = listeners.filter(function (l) { return l !== callback; }); };
    },
    send: function (request) {
      var id = request.id;
      function fail(code, message) { return { error: { code: code, message: message }, id: id }; }
      if (!localStorage.getItem(CONNECTED)) return Promise.resolve(fail(100, 'Unknown app'));
      if (request.method === 'disconnect') { localStorage.removeItem(CONNECTED); return Promise.resolve({ result: {}, id: id }); }
      if (request.method !== 'sendTransaction') return Promise.resolve(fail(400, 'Method not supported'));
      var tx;
      try { tx = JSON.parse(request.params[0]); } catch (e) { return Promise.resolve(fail(1, 'Bad request')); }
      if (tx.network && tx.network !== '-239') return Promise.resolve(fail(1, 'Bad request: the demo wallet is on mainnet (-239)'));
      if (!Array.isArray(tx.messages) || tx.messages.length !== 1) return Promise.resolve(fail(1, 'Bad request: one message per transaction'));
      var body = { messages: tx.messages.map(function (m) { var o = { address: m.address, amount: m.amount }; if (m.payload) o.payload = m.payload; if (m.stateInit) o.stateInit = m.stateInit; return o; }) };
      if (tx.valid_until !== undefined) body.validUntil = tx.valid_until;
      return post(Object.assign({ dry: true }, body)).then(function (shown) {
        var lines = [text('to', { to: shown.to })];
        if (shown.comment !== null) lines.push(text('comment', { comment: shown.comment }));
        return ask(text('send', { amount: tons(shown.amount) }), lines).then(function (ok) {
          if (!ok) return fail(300, 'User declined the transaction');
          return post(body).then(function (sent) { return { result: sent.boc, id: id }; }, function (e) { return fail(0, 'Unknown error: ' + (e && e.message)); });
        });
      }, function (e) { return fail(1, 'Bad request: ' + (e && e.message)); });
    }
  };
  window[KEY] = { tonconnect: tonconnect };
})();</script>`
}
