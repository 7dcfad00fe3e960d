import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { heldOf } from '../../domain/swap/selectors'
import { useNavigate } from 'react-router-dom'
import { useDispatch } from '../ui/store'
import { TokenIcon } from '../ui/TokenIcon'
import { errorText } from '../ui/errorText'
import { Button, Cell, Placeholder, Section, SkeletonCell } from '../ui/kit'
import { FITS, PLACES, useFormat } from '../ui/useFormat'
import { useSwapView } from './hooks'
import './texts'

/** /presetSwapTokens/to (swap.49-50): the preset tokens, one tap sets the token to receive. */
export function PresetSwapTokens() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const { swap, balances } = useSwapView()
  const format = useFormat()
  useEffect(() => {
    dispatch({ type: 'swap/presetRequested', payload: { startParam: null } })
  }, [dispatch])
  const { preset } = swap
  return (
    <>
      <h1 className="title">{t('swap.presets')}</h1>
      <Section header={t('swap.presets-hint')}>
        {preset.loading && preset.tokens.length === 0 ? (
          Array.from({ length: 5 }, (_, i) => <SkeletonCell key={i} />)
        ) : preset.error !== null && preset.tokens.length === 0 ? (
          <Placeholder
            title={t('swap.presets-failed')}
            description={errorText(t, preset.error)}
            action={
              <Button
                size="small"
                mode="secondary"
                onClick={() => dispatch({ type: 'swap/presetRequested', payload: { startParam: null } })}
              >
                {t('swap.retry')}
              </Button>
            }
          />
        ) : (
          preset.tokens.map((token) => (
            <Cell
              key={`${token.chainId}:${token.address}`}
              before={<TokenIcon src={token.logoURI} symbol={token.symbol} network={token.chainId} />}
              title={token.symbol}
              subtitle={`${token.name} · ${CHAIN_LABELS[String(token.chainId)]}`}
              after={balances ? format.amount(heldOf(balances, token), PLACES.listBalance, FITS.list) : undefined}
              label={`${token.symbol} ${CHAIN_LABELS[String(token.chainId)]}`}
              chevron
              onClick={() => {
                dispatch({ type: 'swap/presetPicked', payload: { token } })
                navigate('/swap')
              }}
            />
          ))
        )}
      </Section>
    </>
  )
}
