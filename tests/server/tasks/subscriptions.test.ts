/**
 * Subscription tasks (tasks.24; docs/features/tasks.md, "Rules chosen where the spec is silent"):
 * the click is reported, a job verifies after the code's delay; the project's channels by
 * getChatMember against the Bot API stand-in (member, administrator, creator, left, kicked,
 * restricted with and without is_member), partner channels once the delay has passed. On PGlite and
 * on PostgreSQL, on a frozen server clock.
 */
import type { User as TgUser } from 'grammy/types'
import { beforeAll, describe, expect, it } from 'vitest'
import { MovableClock } from '../../../server/kernel/clock'
import { OWN_CHANNELS, verifyDelayMs } from '../../../server/tasks/catalogue'
import { type User, newUser, useServer } from '../helpers'
import { FIXED, decodes, miner, taskOf, taskRewards } from './helpers'
import { endpoints } from '../../../domain/api/endpoints'

const api = useServer({
  clock: new MovableClock({ now: () => FIXED }),
  bot: { apiRoot: null, updates: { kind: 'off' } },
})
const clock = () => api.server.clock as MovableClock
const standIn = () => api.server.bot?.standIn as NonNullable<NonNullable<typeof api.server.bot>['standIn']>
const tg = (u: User): TgUser => ({ id: u.id, is_bot: false, first_name: u.first_name })
const start = (user: User, code: string) => api.call('/mining/taskStarted', user, { code })
/** Moves the clock past the code's delay and runs the jobs that are due. */
async function afterDelay(code: string) {
  clock().advance(verifyDelayMs(code) + 1)
  await api.server.jobs.runDue()
}

describe('subscription tasks', () => {
  // The tests drive the queue by hand (runDue on the moved clock): the background loop would race them.
  beforeAll(() => api.server.jobs.stop())

  it('[tasks.24] the project channel: verifying after the click, done once the bot finds a member; paid once', async () => {
    const user = newUser()
    await miner(api.server, user)
    expect((await taskOf(api.server, user, 'subscription', 'subscriptions'))?.state).toBe('notStarted')
    standIn().setChatMember(OWN_CHANNELS.subscription, tg(user), 'member')
    const started = await start(user, 'subscription')
    expect(started).toMatchObject({ status: 200, body: { ok: true } })
    decodes(endpoints.taskStarted.response, started.body)
    expect((await taskOf(api.server, user, 'subscription', 'subscriptions'))?.state).toBe('verifying')
    // not before its delay: a job run now finds nothing due
    await api.server.jobs.runDue()
    expect((await taskOf(api.server, user, 'subscription', 'subscriptions'))?.state).toBe('verifying')
    await afterDelay('subscription')
    expect(await taskOf(api.server, user, 'subscription', 'subscriptions')).toMatchObject({
      state: 'done',
      isCompleted: true,
    })
    const asked = standIn()
      .callsOf('getChatMember')
      .filter((c) => Number(c.params.user_id) === user.id)
    expect(asked.map((c) => c.params.chat_id)).toEqual([OWN_CHANNELS.subscription])
    // a second click after it is done changes nothing and pays nothing more
    await start(user, 'subscription')
    await afterDelay('subscription')
    expect(await taskRewards(api.server, user.id)).toEqual([{ reference: 'subscription:once', delta: '100000000000' }])
  })

  it.each([
    ['left', {}, 'notStarted'],
    ['kicked', {}, 'notStarted'],
    ['restricted', { isMember: false }, 'notStarted'],
    ['restricted', { isMember: true }, 'done'],
    ['administrator', {}, 'done'],
    ['creator', {}, 'done'],
  ] as const)('getChatMember %s %j: the task is %s', async (status, options, state) => {
    const user = newUser()
    await miner(api.server, user)
    standIn().setChatMember(OWN_CHANNELS.bigpumpChannel, tg(user), status, options)
    await start(user, 'bigpumpChannel')
    await afterDelay('bigpumpChannel')
    expect((await taskOf(api.server, user, 'bigpumpChannel', 'subscriptions'))?.state).toBe(state)
    expect((await taskRewards(api.server, user.id)).length).toBe(state === 'done' ? 1 : 0)
  })

  it('a user who never joined is left; after joining, a new click verifies again and completes', async () => {
    const user = newUser()
    await miner(api.server, user)
    await start(user, 'memePhraseChannel')
    await afterDelay('memePhraseChannel')
    expect((await taskOf(api.server, user, 'memePhraseChannel', 'subscriptions'))?.state).toBe('notStarted')
    standIn().setChatMember(OWN_CHANNELS.memePhraseChannel, tg(user), 'member')
    await start(user, 'memePhraseChannel')
    expect((await taskOf(api.server, user, 'memePhraseChannel', 'subscriptions'))?.state).toBe('verifying')
    await afterDelay('memePhraseChannel')
    expect((await taskOf(api.server, user, 'memePhraseChannel', 'subscriptions'))?.state).toBe('done')
  })

  it('a check that did not see the user says so on the task (lastCheck notSeen), until the next click; a check that could not be made says notChecked', async () => {
    const user = newUser()
    await miner(api.server, user)
    await start(user, 'subscription')
    expect((await taskOf(api.server, user, 'subscription', 'subscriptions'))?.lastCheck).toBeUndefined()
    await afterDelay('subscription')
    const seen = await taskOf(api.server, user, 'subscription', 'subscriptions')
    expect(seen).toMatchObject({ state: 'notStarted', lastCheck: 'notSeen' })
    decodes(endpoints.tasks.response, { tasks: { subscriptions: [seen] } })
    // a new click clears it while it verifies; a member then completes it, with nothing said
    standIn().setChatMember(OWN_CHANNELS.subscription, tg(user), 'member')
    await start(user, 'subscription')
    expect((await taskOf(api.server, user, 'subscription', 'subscriptions'))?.lastCheck).toBeUndefined()
    await afterDelay('subscription')
    expect(await taskOf(api.server, user, 'subscription', 'subscriptions')).toMatchObject({ state: 'done' })
    expect((await taskOf(api.server, user, 'subscription', 'subscriptions'))?.lastCheck).toBeUndefined()
    // Telegram refusing every try: the click is given up as not checked
    const other = newUser()
    await miner(api.server, other)
    standIn().chats.delete(OWN_CHANNELS.bigpumpChannel)
    try {
      await start(other, 'bigpumpChannel')
      await afterDelay('bigpumpChannel')
      for (const backoff of [1_000, 2_000, 4_000]) {
        clock().advance(backoff)
        await api.server.jobs.runDue()
      }
      expect(await taskOf(api.server, other, 'bigpumpChannel', 'subscriptions')).toMatchObject({
        state: 'notStarted',
        lastCheck: 'notChecked',
      })
    } finally {
      standIn().addChat(OWN_CHANNELS.bigpumpChannel)
    }
  })

  it('a partner channel cannot be asked: done once its delay has passed, without the bot', async () => {
    const user = newUser()
    await miner(api.server, user)
    const asked = standIn().callsOf('getChatMember').length
    await start(user, 'bitgetChannel')
    clock().advance(verifyDelayMs('bitgetChannel') - 1)
    expect((await taskOf(api.server, user, 'bitgetChannel', 'subscriptions'))?.state).toBe('verifying')
    clock().advance(1)
    expect((await taskOf(api.server, user, 'bitgetChannel', 'subscriptions'))?.state).toBe('done')
    // the job that runs after the read pays nothing more
    await api.server.jobs.runDue()
    expect(await taskRewards(api.server, user.id)).toEqual([{ reference: 'bitgetChannel:once', delta: '100000000000' }])
    expect(standIn().callsOf('getChatMember').length).toBe(asked)
    // the server's delay ends before every client timer does: the spec's 51 s less the 1-10 s cut and the queue's poll
    expect(verifyDelayMs('bitgetChannel')).toBe(39_000)
  })

  it("[tasks.70] at most 5 extra memecoin creations count: createCoin, taken on the user's word after its delay, counts the first and no extra one however often it is started", async () => {
    // the creations happen in the bigpump mini-app, which this server cannot see (docs/features/tasks.md): it counts none of the extras, within the spec's 5
    const user = newUser()
    await miner(api.server, user)
    expect((await start(user, 'createCoin')).status).toBe(200)
    await afterDelay('createCoin')
    expect(await taskOf(api.server, user, 'createCoin', 'pump')).toMatchObject({
      state: 'done',
      doneAmount: 1,
      maxAmount: 1,
    })
    for (let extra = 1; extra <= 7; extra++) {
      await start(user, 'createCoin')
      await afterDelay('createCoin')
    }
    const paid = (await taskRewards(api.server, user.id)).filter((r) => r.reference.startsWith('createCoin'))
    expect(paid).toHaveLength(1)
    expect(paid.length - 1).toBeLessThanOrEqual(5)
  })

  it('concurrent clicks and job runs pay once', async () => {
    const user = newUser()
    await miner(api.server, user)
    standIn().setChatMember(OWN_CHANNELS.subscription, tg(user), 'member')
    await Promise.all(Array.from({ length: 6 }, () => start(user, 'subscription')))
    clock().advance(verifyDelayMs('subscription') + 1)
    await Promise.all([
      api.server.jobs.runDue(),
      api.server.jobs.runDue(),
      api.call('/mining/tasks?boostType=subscriptions', user),
    ])
    expect((await taskOf(api.server, user, 'subscription', 'subscriptions'))?.state).toBe('done')
    expect(await taskRewards(api.server, user.id)).toHaveLength(1)
  })

  it('a channel the bot does not administer: Telegram refuses, the job tries again, then the click is given up (notStarted)', async () => {
    const user = newUser()
    await miner(api.server, user)
    standIn().chats.delete(OWN_CHANNELS.memePhraseChannel)
    try {
      await start(user, 'memePhraseChannel')
      await afterDelay('memePhraseChannel')
      expect((await taskOf(api.server, user, 'memePhraseChannel', 'subscriptions'))?.state).toBe('verifying')
      // retries 1 s, 2 s and 4 s later by the server's clock
      for (const backoff of [1_000, 2_000, 4_000]) {
        clock().advance(backoff)
        await api.server.jobs.runDue()
      }
      expect((await taskOf(api.server, user, 'memePhraseChannel', 'subscriptions'))?.state).toBe('notStarted')
      expect(await taskRewards(api.server, user.id)).toEqual([])
    } finally {
      standIn().addChat(OWN_CHANNELS.memePhraseChannel)
    }
  })

  it("one user's click never verifies another's task", async () => {
    const [alice, bob] = [newUser(), newUser()]
    await miner(api.server, alice)
    await miner(api.server, bob)
    standIn().setChatMember(OWN_CHANNELS.subscription, tg(alice), 'member')
    standIn().setChatMember(OWN_CHANNELS.subscription, tg(bob), 'member')
    await start(alice, 'subscription')
    await afterDelay('subscription')
    expect((await taskOf(api.server, alice, 'subscription', 'subscriptions'))?.state).toBe('done')
    expect((await taskOf(api.server, bob, 'subscription', 'subscriptions'))?.state).toBe('notStarted')
  })
})
