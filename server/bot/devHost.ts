/**
 * Dev mode only: Telegram's payment sheet for a plain browser. A dev-mode server (never a production
 * one) puts a small script into the page beside the demo launch parameters; it gives the app a
 * stand-in host for invoices (`window.__devTelegramHost.openInvoice`, which streams/telegram/bridge.ts
 * uses outside a Telegram client). Opening an invoice asks "Pay N stars?" (OK pays, Cancel
 * cancels) and completes it through the Bot API stand-in, as the user would in Telegram: the bot
 * gets the pre_checkout_query and, when it agrees, the successful_payment. The status ('paid',
 * 'failed' or 'cancelled') is what Telegram's invoice_closed would report.
 *
 * The routes the script calls exist only in dev mode with the stand-in: GET
 * /dev/stars/invoices/:slug (the invoice), POST /dev/stars/invoices/:slug/pay {action} (as the user
 * of the page's init data). Beside them, for a person talking to the bot in dev mode: POST
 * /dev/bot/updates (the stand-in emits that update, e.g. a /start message) and GET /dev/bot/calls
 * (what the bot asked of the Bot API: its replies, invoices, answers, refunds).
 */
import { Hono } from 'hono'
import * as t from 'io-ts'
import type { User } from 'grammy/types'
import { validateInitData } from '../kernel/auth'
import { BadRequest, decodeOrThrow, jsonBody } from '../kernel/validate'
import type { BotApiStandIn, UpdateBody } from '../standins/botApi'

const INIT_DATA_HEADER = 'telegramRawData'
const Pay = t.partial({ action: t.keyof({ pay: null, cancel: null }) })

export function devBotRoutes(standIn: BotApiStandIn, botToken: string, authMaxAgeSeconds: number) {
  const app = new Hono()
  const invoiceOf = (slug: string) => {
    const invoice = standIn.invoices.get(slug)
    if (!invoice) throw new BadRequest('no such invoice: it was made by another server run, or never', 'slug', 404)
    return invoice
  }
  app.get('/dev/stars/invoices/:slug', (c) => {
    const invoice = invoiceOf(c.req.param('slug'))
    const amount = invoice.prices.reduce((sum, p) => sum + p.amount, 0)
    return c.json({
      slug: invoice.slug,
      title: invoice.title,
      description: invoice.description,
      currency: invoice.currency,
      amount,
    })
  })
  app.post('/dev/stars/invoices/:slug/pay', async (c) => {
    // The payer is the page's user, as in Telegram: who opened the invoice pays it.
    const { user } = validateInitData(c.req.header(INIT_DATA_HEADER), botToken, authMaxAgeSeconds)
    const { action } = decodeOrThrow(Pay, await jsonBody(c))
    const slug = c.req.param('slug')
    invoiceOf(slug)
    const from: User = {
      id: user.id,
      is_bot: false,
      first_name: user.first_name,
      ...(user.last_name ? { last_name: user.last_name } : {}),
      ...(user.username ? { username: user.username } : {}),
      ...(user.language_code ? { language_code: user.language_code } : {}),
    }
    return c.json(await standIn.pay(slug, from, action ?? 'pay'))
  })
  app.post('/dev/bot/updates', async (c) => {
    const update = await jsonBody(c)
    if (
      update === null ||
      typeof update !== 'object' ||
      Array.isArray(update) ||
      Object.keys(update).filter((k) => k !== 'update_id').length !== 1
    )
      throw new BadRequest('an update is an object with one kind, such as {"message": {...}}')
    const { update_id: _ignored, ...body } = update as Record<string, unknown>
    return c.json({ update_id: standIn.emit(body as UpdateBody) })
  })
  app.get('/dev/bot/calls', (c) => {
    const method = c.req.query('method')
    return c.json(method === undefined ? standIn.calls : standIn.callsOf(method))
  })
  return app
}

/**
 * The page's stand-in host for invoices, as an inline script. `base` is the server's origin when
 * the page comes from elsewhere (`npm run dev`: Vite), empty when the server serves the page.
 */
export function devHostScript(base = ''): string {
  const code = `(function(){
var base=${JSON.stringify(base)};
function launch(){var h=location.hash.slice(1);if(!/tgWebAppData=/.test(h)){try{h=(sessionStorage.getItem('switch-wallet/launch')||'').replace(/^#/,'')}catch(e){h=''}}return new URLSearchParams(h).get('tgWebAppData')||''}
function russian(raw){try{return /^ru/i.test(JSON.parse(new URLSearchParams(raw).get('user')||'{}').language_code||'')}catch(e){return false}}
function noun(n,ru){if(!ru)return n===1?'star':'stars';var a=n%10,b=n%100;return a===1&&b!==11?'звезду':a>=2&&a<=4&&(b<12||b>14)?'звезды':'звёзд'}
window.__devTelegramHost={openInvoice:function(url){
var m=/^https:\\/\\/t\\.me\\/(?:\\$|invoice\\/)([A-Za-z0-9_=-]+)$/.exec(url);if(!m)return Promise.resolve('failed');
var raw=launch(),ru=russian(raw),path=base+'/dev/stars/invoices/'+m[1],headers={'content-type':'application/json',telegramRawData:raw};
return fetch(path,{headers:headers}).then(function(r){return r.ok?r.json():Promise.reject(new Error('invoice '+r.status))}).then(function(inv){
var yes=window.confirm((ru?'Оплатить ':'Pay ')+inv.amount+' '+noun(inv.amount,ru)+'?\\n\\n'+inv.title+'\\n'+inv.description+(ru?'\\n\\n(Режим разработки: оплата через заглушку Bot API)':'\\n\\n(Dev mode: paid through the Bot API stand-in)'));
return fetch(path+'/pay',{method:'POST',headers:headers,body:JSON.stringify({action:yes?'pay':'cancel'})}).then(function(r){return r.json()}).then(function(a){return a.status==='paid'||a.status==='cancelled'?a.status:'failed'})
}).catch(function(e){console.warn('dev invoice:',e);return 'failed'})}};
})()`
  return `<script>${code}</script>`
}
