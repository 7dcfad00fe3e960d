/** The wallet home in the browser: history as the user scrolls, the deposit drawer and its copy buttons. */
import { describe, expect, it } from 'vitest'
import { TEST_BOT_TOKEN, newUser, openApp, startStack, useStack } from './harness'
import { signInitData } from '../../server/kernel/auth'
import { post } from '../../server/kernel/ledger'
import { switchEntry } from '../../server/mining/miner'

const stackOf = useStack('development')

describe('wallet home', () => {
  it('[wallet.13] history loads 10 entries, then the next pages as the user scrolls', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    const rows = page.getByTestId('history-row')
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10)
    await page.getByTestId('history-loader').scrollIntoViewIfNeeded()
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(20)
    await page.getByTestId('history-loader').scrollIntoViewIfNeeded()
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(21)
    expect(await page.getByTestId('history-loader').count()).toBe(0)
    expect(await rows.first().getByTestId('history-amount').textContent()).toBe('+1,000 PUNK')
    await page.context().close()
  })

  it('[wallet.14] a wallet with no history shows the empty state (production: no starter deposits)', async () => {
    const prod = await startStack('production')
    try {
      const page = await openApp(prod, { user: newUser() })
      await page.getByText('No transactions yet').waitFor({ timeout: 15_000 })
      await page.context().close()
    } finally {
      await prod.close()
    }
  })

  it('[wallet.18] [wallet.22] the deposit drawer copies each address and says so', async () => {
    const page = await openApp(stackOf(), { user: newUser() })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stackOf().server.url })
    await page.getByTestId('total-balance').waitFor()
    await page.getByRole('button', { name: 'Deposit' }).click()
    const sheet = page.getByRole('dialog', { name: 'Deposit' })
    const ton = (await sheet.getByTestId('ton-address').textContent()) as string
    const evm = (await sheet.getByTestId('evm-address').textContent()) as string
    expect(ton).toMatch(/^UQ[A-Za-z0-9_-]{46}$/)
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await sheet.getByRole('button', { name: 'Copy TON address' }).click()
    await sheet.getByText('Copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ton)
    await sheet.getByRole('button', { name: 'Copy EVM address' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(evm)
    await sheet.getByRole('button', { name: 'Copy EVM address' }).getByText('Copied').waitFor()
    // wallet.24: the note goes after 1 s
    await expect.poll(() => sheet.getByText('Copied').count(), { timeout: 3_000 }).toBe(0)
    await page.context().close()
  })

  it('[wallet.11] SWITCH locked by staking shows a notice on the home', async () => {
    const user = newUser({ first_name: 'Stan' })
    const first = await openApp(stackOf(), { user })
    await first.getByTestId('total-balance').waitFor()
    expect(await first.getByTestId('switch-lock').count()).toBe(0)
    await first.context().close()
    // 2 500 SWITCH credited (as the dev seeds credit it), then staked through the staking call
    const { server } = stackOf()
    await server.db.transaction((tx) =>
      post(tx, [switchEntry(user.id, 2_500n * 10n ** 9n, 'test-credit', 'wallet.11')]),
    )
    const headers = {
      'content-type': 'application/json',
      telegramRawData: signInitData({ botToken: TEST_BOT_TOKEN, user }),
    }
    expect((await fetch(`${server.url}/mining/user`, { method: 'POST', headers, body: '{}' })).status).toBe(200)
    const staked = await fetch(`${server.url}/mining/staking/deposit`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: '2500', period: '6m', idempotencyKey: `wallet-11-${user.id}` }),
    })
    expect(staked.status).toBe(200)
    const page = await openApp(stackOf(), { user })
    await page.getByTestId('switch-lock').waitFor({ timeout: 10_000 })
    expect(await page.getByTestId('switch-lock').textContent()).toContain(
      '2,500 of your 2,500 SWITCH are locked in staking',
    )
    await page.context().close()
  })
})
