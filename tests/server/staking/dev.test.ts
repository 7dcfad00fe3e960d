/** Dev mode's demo staking (server/staking/dev.ts): a running deposit, one unlocked to claim, an SBT offer; once per database. */
import { describe, expect, it } from 'vitest'
import { seedDemoStaking } from '../../../server/staking/dev'
import { TEST_BOT, newUser, useServer } from '../helpers'
import { link, testWallet } from '../tonProof'

const api = useServer()

describe('the demo user staking', () => {
  it('has a running deposit, an unlocked one that claims, and the 6m token offered; seeded once', async () => {
    const demo = newUser({ language_code: 'en' })
    await api.call('/tgUserWallets', demo)
    await seedDemoStaking(api.server, TEST_BOT, demo)
    await seedDemoStaking(api.server, TEST_BOT, demo)
    const { deposits, serverTime } = (await api.call('/mining/staking/deposits', demo)).body
    expect(deposits).toHaveLength(2)
    const [running, unlocked] = deposits
    expect(running).toMatchObject({ amount: '6000', period: '6m', dttmClaimed: null })
    expect(Date.parse(running.dttmEnded)).toBeGreaterThan(serverTime)
    expect(unlocked).toMatchObject({ amount: '1000', period: '3m', dttmClaimed: null })
    expect(Date.parse(unlocked.dttmEnded)).toBeLessThanOrEqual(serverTime)
    expect((await api.call('/mining/user', demo)).body.userMining).toMatchObject({
      gotAmount: '20000',
      lockAmount: '7000',
    })
    const claimed = await api.call(`/mining/staking/deposits/${unlocked._id}/claim`, demo, {})
    expect(claimed).toMatchObject({ status: 200, body: { stake: '1000', reward: unlocked.reward } })
    // minted to the wallet the user proved (the demo user's demo wallet, linked by the tasks' seed)
    await link(api.server, demo, testWallet(`demo-${demo.id}`))
    expect((await api.call('/v2/mining/staking/sbt/claim?stakingPeriod=6m', demo)).status).toBe(200)
  })
})
