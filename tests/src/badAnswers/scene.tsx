/**
 * The screen-level bad-answer property: the real app (store, epics, HTTP client) at a
 * screen's route over a scripted wire (../doubleSubmit/harness.tsx), one of the screen's calls
 * answered with a bad answer (./mutations.ts), every other call with its good answer (./answers.ts).
 * Then: nothing uncaught (window and process error listeners, the screen's error boundary), the
 * screen is not blank, and where the client refused the answer, the screen says so in the user's
 * language with a way forward (or keeps quiet where the spec says so, the rest of it usable). Taking
 * that way forward with good answers on the wire brings the screen back.
 */
import { act } from 'react'
import { expect } from 'vitest'
import fc from 'fast-check'
import type { EndpointName } from '../../../domain/api/endpoints'
import { endpoints } from '../../../domain/api/endpoints'
import type { EventInput } from '../../../domain/events'
import type { Language } from '../../../domain/app/language'
import type { RequestError } from '../../../domain/api/errors'
import type { FeatureName } from '../../../streams/features'
import type { Deps } from '../../../streams/deps'
import { i18n } from '../../../src/i18n'
import { errorText } from '../../../src/ui/errorText'
import { launch } from '../../domain/fixtures/events'
import { fakeTelegram } from '../../streams/fakes'
import { type DoubleSubmitApp, type Exchange, type Reply, startApp } from '../doubleSubmit/harness'
import { GateScheduler } from '../gateScheduler'
import { goodAnswers } from './answers'
import { answerThroughClient } from './client'
import { type Json, type WireAnswer, anyTakenAnswer, badAnswer } from './mutations'
import { arbitraryOf } from './derive'
import { runs } from '../../runs'

type T = (key: string, options?: Record<string, unknown>) => string

export interface SceneApp {
  app: DoubleSubmitApp
  t: T
  language: Language
  /** Telegram's back button, pressed. */
  pressBack(): void
  dispatch(e: EventInput): void
  /** A tap on an element, rendered. */
  tap(el: Element | null): void
}

/** A text the failure shows: an i18n key ('error': the error's own words, errorText), or one made from the app. */
export type Shown = string | ((s: SceneApp) => string)
/** The user's way on: a button to tap (by its text's key), or a step of the user's own. */
export type Forward = { tap: string } | { step: (s: SceneApp) => void | Promise<void> }

/** How the screen shows that a call failed, and the user's way on from there. */
export interface Failure {
  /** What the user does to see where this failure shows (open the sheet it is in). */
  reveal?: (s: SceneApp) => void | Promise<void>
  /**
   * Texts one of which shows. 'quiet': the spec keeps this failure quiet (guilds.24, staking.35,
   * poh.34); the rest of the screen shows and stays usable.
   */
  shows: readonly Shown[] | 'quiet'
  /**
   * The way forward, by the error where it differs (a 404 is an answer of its own); null where the
   * spec has none in this session (banners.15: the banner is skipped), the rest of the screen usable.
   */
  forward: Forward | ((error: RequestError) => Forward) | null
}

export interface Scene {
  name: string
  /** The game features whose epics and calls run. */
  features?: FeatureName[]
  /** After the launch: the facts that put the app at the screen. */
  events: EventInput[]
  /** Facts that arrive once the screen is up (a quote asked for, as the user's typing would). */
  later?: EventInput[]
  /** What the user does once the screen is up that makes the calls (Continue on the send form). */
  act?: (s: SceneApp) => void | Promise<void>
  /** The calls the screen makes as it loads (or as `act` asks), each with how its failure shows. */
  calls: Partial<Record<EndpointName, Failure>>
  /** Good answers this screen needs in place of ./answers.ts's. */
  answers?: Partial<Record<EndpointName, unknown>>
  /** Outside things the screen needs (storage holding what an earlier session kept). */
  deps?: () => Partial<Deps>
  /** The screen with its data, as good answers give it. */
  loaded(s: SceneApp): void
  /** The rest of the screen, used, where a failure has no way back in the session (forward: null). */
  usable?(s: SceneApp): void | Promise<void>
  /**
   * The calls the screen asks again on a timer while it shows (checkLaterScene). A bad answer to a
   * later one keeps the last good data on the screen, not the first load's failure in its place:
   * the spec has those failures only logged (wallet.12 for the balances, staking.35, poh.34), and
   * a poll's failure is no reason to blank what the user was reading (a note that the refresh
   * failed may show beside it, as the task lists do). The next good answer shows the screen as it
   * was, to the letter.
   */
  polled?: EndpointName[]
  /**
   * An answer the codec takes may move the screen on (PoH's status picks the /prove screen, and
   * only the loader polls): after one, the good answers need only find the app whole, not loaded.
   */
  laterMoves?: boolean
  /** Figures on the screen move with the clock (the mined amount, a countdown): compared with their digits masked. */
  ticking?: boolean
}

/** Calls told apart by their query, not their path: the airdrops are the tasks call with boostType=airdrop (airdrops.2). */
const QUERIES: Partial<Record<EndpointName, RegExp>> = { airdrops: /[?&]boostType=airdrop(&|$)/ }
const routes = (Object.keys(endpoints) as EndpointName[])
  .map((name) => ({
    name,
    method: endpoints[name].method,
    path: new RegExp(`^${endpoints[name].path.replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`),
    query: QUERIES[name],
  }))
  .sort((a, b) => Number(b.query !== undefined) - Number(a.query !== undefined))
/** The call an exchange on the wire is. */
export const callOf = (x: Exchange): EndpointName | null =>
  routes.find((r) => r.method === x.method && r.path.test(x.path) && (r.query?.test(x.query) ?? true))?.name ?? null

/** Everything that went uncaught while a case ran. */
function uncaughtCollector() {
  const seen: string[] = []
  const onWindowError = (e: Event) => {
    seen.push(`window error: ${(e as ErrorEvent).message ?? String((e as ErrorEvent).error)}`)
    e.preventDefault()
  }
  const onWindowRejection = (e: Event) => {
    seen.push(`unhandled rejection: ${String((e as PromiseRejectionEvent).reason)}`)
    e.preventDefault()
  }
  const onProcessError = (e: unknown) =>
    void seen.push(`uncaught: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
  const consoleError = console.error
  const consoleWarn = console.warn
  // The app logs the failures it expects (wallet.12, staking.35, poh.34): not this test's output.
  console.warn = () => {}
  console.error = (...args: unknown[]) => {
    const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ')
    // A crash the error boundary caught, or React reporting one it could not.
    if (/screen crashed|uncaught|An error occurred in the/i.test(text)) seen.push(`console.error: ${text}`)
  }
  window.addEventListener('error', onWindowError)
  window.addEventListener('unhandledrejection', onWindowRejection)
  process.on('uncaughtException', onProcessError)
  process.on('unhandledRejection', onProcessError)
  return {
    seen,
    stop() {
      window.removeEventListener('error', onWindowError)
      window.removeEventListener('unhandledrejection', onWindowRejection)
      process.off('uncaughtException', onProcessError)
      process.off('unhandledRejection', onProcessError)
      console.error = consoleError
      console.warn = consoleWarn
    },
  }
}

/** The visible text of the screen (the shell's sheets and banners included), whitespace folded. */
const visibleText = (app: DoubleSubmitApp) => (app.container.textContent ?? '').replace(/\s+/g, ' ').trim()
const fold = (text: string) => text.replace(/\s+/g, ' ').trim()

function expectNotBlank(s: SceneApp, label: string) {
  const main = s.app.container.querySelector('main')
  expect(main, `${label}: the screen is gone`).not.toBeNull()
  expect(fold(main!.textContent ?? ''), `${label}: a blank screen`).not.toBe('')
  expect(visibleText(s.app), `${label}: the error boundary's crash screen`).not.toContain(fold(s.t('app.crashed')))
}

/** The text the failure shows, in the user's language (any of them). */
const failureTexts = (s: SceneApp, failure: Failure, error: RequestError): string[] =>
  failure.shows === 'quiet'
    ? []
    : failure.shows.map((shown) =>
        fold(typeof shown === 'function' ? shown(s) : shown === 'error' ? errorText(s.t as never, error) : s.t(shown)),
      )

function tapButton(s: SceneApp, key: string, label: string) {
  const text = fold(s.t(key))
  const button = [...s.app.container.ownerDocument.querySelectorAll('button')].find(
    (b) => fold(b.textContent ?? '') === text && !b.disabled,
  )
  expect(button, `${label}: no button '${text}' to go on with`).toBeDefined()
  act(() => button!.click())
}

export interface SceneOptions {
  runs?: number
}

/** Cases per screen: 12 in `npm test` (new ones each run), 250 in `npm run test:long`; or BAD_ANSWERS_RUNS. */
const RUNS = runs({ test: 12, long: 250 }, 'BAD_ANSWERS_RUNS')
/** A screen's test fails on a hang, not on a slow machine: time enough for every case on a loaded one. */
export const SCENE_TIMEOUT_MS = 30_000 + RUNS * 2_000

/** The cases for some of a scene's calls: one of them, a bad answer to it (or any its codec takes), a language. */
function casesOf(scene: Scene, names: readonly EndpointName[]) {
  const answerOf = (name: EndpointName) => (scene.answers?.[name] ?? goodAnswers[name]) as Json
  return fc.constantFrom(...names).chain((name) =>
    fc.record({
      name: fc.constant(name),
      answer: fc.oneof(
        { arbitrary: badAnswer(answerOf(name)), weight: 3 },
        { arbitrary: anyTakenAnswer(arbitraryOf(endpoints[name].response as never)), weight: 1 },
      ),
      language: fc.constantFrom<Language>('en', 'ru'),
    }),
  )
}

/** One property run per case: a call of the scene, a bad answer to it, a language. */
export async function checkScene(scene: Scene, { runs = RUNS }: SceneOptions = {}) {
  const names = Object.keys(scene.calls) as EndpointName[]
  const cases = casesOf(scene, names)
  // The first run of each call: the good answers, so a scene that does not load is told apart from a bad answer's effect.
  await checkCase(scene, null, 'en')
  await fc.assert(
    fc.asyncProperty(cases, async ({ name, answer, language }) => checkCase(scene, { name, answer }, language)),
    { numRuns: runs, endOnFailure: true },
  )
}

/**
 * The real app at the scene, in `language`, over `reply`: launched, its screen's chunk and first
 * answers in, and the scene's own step taken. `started` hears of the app as soon as it runs, so the
 * caller stops it even when a later step throws.
 */
async function openScene(
  scene: Scene,
  language: Language,
  reply: (x: Exchange) => Reply,
  label: string,
  deps: Partial<Deps> | undefined,
  started: (app: DoubleSubmitApp) => void,
): Promise<SceneApp> {
  const telegram = fakeTelegram()
  const app = await startApp({
    events: [
      { type: 'app/launched', payload: launch({ user: { id: 1, firstName: 'Mia', languageCode: language } }) },
      ...scene.events,
    ],
    later: scene.later,
    features: scene.features,
    reply,
    telegram,
    deps,
  })
  started(app)
  await app.quiet(20)
  const t = (await i18n.changeLanguage(language)) as unknown as T
  const s: SceneApp = {
    app,
    t,
    language,
    pressBack: () => act(() => telegram.pressBack()),
    dispatch: (e) => act(() => app.store.dispatch(e)),
    tap: (el) => {
      if (!el) throw new Error(`${label}: nothing to tap`)
      act(() => (el as HTMLElement).click())
    },
  }
  if (scene.act) {
    await scene.act(s)
    await app.quiet(20)
  }
  return s
}

/** One case: the screen with one call answered badly (none: all answered well), held to the property. */
export async function checkCase(
  scene: Scene,
  bad: { name: EndpointName; answer: Pick<WireAnswer, 'status' | 'text'> & { label?: string } } | null,
  language: Language,
  /** An answer the codec takes that the screen must still show as a failure (what it means is no answer), and why. */
  meansFailure?: RequestError,
) {
  const answerOf = (name: EndpointName) => (scene.answers?.[name] ?? goodAnswers[name]) as Json
  const label =
    bad === null
      ? `${scene.name}, good answers`
      : `${scene.name}, ${bad.name}: ${bad.answer.label ?? bad.answer.text.slice(0, 60)} (${bad.answer.status}, ${language})`
  let phase: 'bad' | 'good' = 'bad'
  const reply = (x: Exchange): Reply => {
    const name = callOf(x)
    if (name === null) return 'hang'
    if (bad !== null && phase === 'bad' && name === bad.name)
      return { status: bad.answer.status, text: bad.answer.text }
    // Writes the screen does not make as it loads stay unanswered.
    if (x.method === 'POST' && !(name in scene.calls) && name !== 'createMiningUser') return 'hang'
    return { status: 200, body: answerOf(name) }
  }
  const uncaught = uncaughtCollector()
  let app: DoubleSubmitApp | null = null
  try {
    const s = await openScene(scene, language, reply, label, scene.deps?.(), (started) => (app = started))
    app = s.app
    expect(uncaught.seen, label).toEqual([])
    expectNotBlank(s, label)
    if (bad === null) return scene.loaded(s)

    const outcome = meansFailure !== undefined ? { error: meansFailure } : answerThroughClient(bad.name, bad.answer)
    if ('value' in outcome) return // an answer the codec takes: no crash and not blank is the property
    const failure = scene.calls[bad.name]!
    if (failure.reveal) {
      await failure.reveal(s)
      await app.quiet(10)
    }
    const texts = failureTexts(s, failure, outcome.error as RequestError)
    if (texts.length > 0)
      expect(
        texts.some((text) => visibleText(app!).includes(text)),
        `${label}: none of ${JSON.stringify(texts)} shows in: ${visibleText(app).slice(0, 400)}`,
      ).toBe(true)

    const forward =
      typeof failure.forward === 'function' ? failure.forward(outcome.error as RequestError) : failure.forward
    if (forward === null) {
      await scene.usable?.(s)
      expect(uncaught.seen, label).toEqual([])
      return expectNotBlank(s, `${label}, used on`)
    }
    phase = 'good'
    if ('tap' in forward) tapButton(s, forward.tap, label)
    else await forward.step(s)
    await app.quiet(20)
    expect(uncaught.seen, label).toEqual([])
    expectNotBlank(s, `${label}, after the way forward`)
    for (const text of texts)
      expect(visibleText(app), `${label}: the failure still shows after the way forward`).not.toContain(text)
    scene.loaded(s)
  } finally {
    await app?.stop()
    uncaught.stop()
  }
}

/** Cases per screen on a later poll: as many as at the first load. */
const LATER_RUNS = RUNS
export const LATER_TIMEOUT_MS = 30_000 + LATER_RUNS * 3_000

/** A bad answer on the wire. */
type Bad = { name: EndpointName; answer: Pick<WireAnswer, 'status' | 'text'> & { label?: string } }

/** One property run per case: a polled call of the scene, a bad answer to a later poll of it, a language. */
export async function checkLaterScene(scene: Scene, { runs = LATER_RUNS }: SceneOptions = {}) {
  const names = scene.polled ?? []
  if (names.length === 0) throw new Error(`${scene.name}: no polled calls to check`)
  const cases = casesOf(scene, names)
  await fc.assert(
    fc.asyncProperty(cases, async ({ name, answer, language }) => checkLaterCase(scene, { name, answer }, language)),
    { numRuns: runs, endOnFailure: true },
  )
}

/**
 * One case on a later poll: every call answered well and the screen loaded; then `bad` answers
 * the polled call and the polls fire: nothing uncaught, not blank, and where the client refused the
 * answer the screen keeps its data, not the first load's failure in its place (scene.polled); then
 * good answers again and the polls fire: loaded and the screen's text as after the first load
 * (or, where an answer taken may move the screen on, moved on or still asking).
 */
export async function checkLaterCase(scene: Scene, bad: Bad, language: Language) {
  if (!scene.polled?.includes(bad.name)) throw new Error(`${scene.name}: ${bad.name} is not polled`)
  const answerOf = (name: EndpointName) => (scene.answers?.[name] ?? goodAnswers[name]) as Json
  const label = `${scene.name}, a later ${bad.name}: ${bad.answer.label ?? bad.answer.text.slice(0, 60)} (${bad.answer.status}, ${language})`
  let phase: 'good' | 'bad' = 'good'
  const reply = (x: Exchange): Reply => {
    const name = callOf(x)
    if (name === null) return 'hang'
    if (phase === 'bad' && name === bad.name) return { status: bad.answer.status, text: bad.answer.text }
    if (x.method === 'POST' && !(name in scene.calls) && name !== 'createMiningUser') return 'hang'
    return { status: 200, body: answerOf(name) }
  }
  const gate = new GateScheduler()
  const uncaught = uncaughtCollector()
  let app: DoubleSubmitApp | null = null
  try {
    const s = await openScene(
      scene,
      language,
      reply,
      label,
      { ...scene.deps?.(), scheduler: gate },
      (started) => (app = started),
    )
    app = s.app
    expect(uncaught.seen, `${label}, first load`).toEqual([])
    expectNotBlank(s, `${label}, first load`)
    scene.loaded(s)
    // The same good answers again give the same screen, to the letter: nothing of the bad answer left over.
    // The screen itself: a sheet an answer may rightly bring up (PoH's prompt) lies outside it.
    const screen = () => fold(app!.container.querySelector('main')?.textContent ?? '')
    const comparable = () => (scene.ticking ? screen().replace(/\d/g, '#') : screen())
    const firstText = comparable()

    /** The polls' time passes: the call is asked again (else this case checks nothing). */
    const poll = async (when: string, asks = true) => {
      const asked = app!.exchanges.filter((x) => callOf(x) === bad.name).length
      act(() => void gate.fire())
      await app!.quiet(20)
      const askedAgain = app!.exchanges.filter((x) => callOf(x) === bad.name).length > asked
      if (asks) expect(askedAgain, `${label}: the polls fired ${when} did not ask for ${bad.name} again`).toBe(true)
      expect(uncaught.seen, `${label}, ${when}`).toEqual([])
      expectNotBlank(s, `${label}, ${when}`)
      return askedAgain
    }
    phase = 'bad'
    await poll('with the bad answer')
    const outcome = answerThroughClient(bad.name, bad.answer)
    const failure = scene.calls[bad.name]
    const texts = 'error' in outcome && failure ? failureTexts(s, failure, outcome.error as RequestError) : []
    if ('error' in outcome) {
      // The last good data still shows, not the failure in its place.
      scene.loaded(s)
      for (const text of texts)
        expect(
          visibleText(app),
          `${label}: the first load's failure shows on a screen that keeps its data`,
        ).not.toContain(text)
    }
    phase = 'good'
    const mayMove = 'value' in outcome && scene.laterMoves === true
    const askedAgain = await poll('with good answers again', !mayMove)
    if (mayMove) {
      // Moved on, or still showing what it waits for: then still asking (not waiting for ever).
      if (!holds(() => scene.loaded(s))) return
      expect(askedAgain, `${label}: the screen still waits but no longer asks for ${bad.name}`).toBe(true)
    }
    for (const text of texts)
      expect(visibleText(app), `${label}: the failure still shows after a good poll`).not.toContain(text)
    scene.loaded(s)
    const lastText = comparable()
    expect(
      lastText,
      `${label}: the screen after good answers again is not as it was: ${firstDifference(firstText, lastText)}`,
    ).toBe(firstText)
  } finally {
    await app?.stop()
    uncaught.stop()
  }
}

/** Where two texts part, with a little of each. */
function firstDifference(was: string, now: string): string {
  let i = 0
  while (i < was.length && was[i] === now[i]) i++
  return `at ${i}: was …${JSON.stringify(was.slice(Math.max(0, i - 40), i + 80))}, now …${JSON.stringify(now.slice(Math.max(0, i - 40), i + 80))}`
}

/** Whether a check passes. */
function holds(check: () => void): boolean {
  try {
    check()
    return true
  } catch {
    return false
  }
}

/** An event as the tests write them. */
export const ev = (type: string, payload: object = {}) => ({ type, payload }) as EventInput
/** A navigation, as a link or a menu does it. */
export const at = (to: string) => ev('app/navigated', { to })
/** The screen's text, whitespace folded. */
export const screenText = (s: SceneApp) => fold(s.app.container.textContent ?? '')
/** How many elements carry a test id. */
export const rows = (s: SceneApp, testId: string) =>
  s.app.container.querySelectorAll(`[data-testid="${testId}"]`).length
/** A tap on the first button or cell whose text holds `text`. */
export const tapText = (s: SceneApp, text: string) =>
  s.tap(
    [...s.app.container.ownerDocument.querySelectorAll('button, [role="button"], .cell')].find((b) =>
      (b.textContent ?? '').includes(text),
    ) ?? null,
  )

/** The screen left for the wallet home (the bottom menu's Wallet) and opened again: it loads anew. */
export const reenter =
  (route: string) =>
  async (s: SceneApp): Promise<void> => {
    s.dispatch(at('/'))
    await s.app.quiet(10)
    expect(s.app.container.querySelector('main')?.textContent, 'the home shows').toContain(s.t('wallet.total'))
    s.dispatch(at(route))
  }
