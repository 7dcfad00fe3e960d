import { useTranslation } from 'react-i18next'
import { CHAIN_LABELS } from '../../domain/app/chains'
import { COPY_NETWORKS, shortTrader } from '../../domain/copyTrade/rules'
import { useNavigate } from 'react-router-dom'
import { useAppState, useDispatch } from '../ui/store'
import { CheckIcon } from '../ui/icons'
import { NETWORK_NAMES } from '../ui/TokenIcon'
import { Cell, Section } from '../ui/kit'
import { NetworkIcon } from './icons'
import { selectCopyTrade } from './selectors'
import './texts'

/** /copyTrade/chooseNetwork (copyTrade.12): each network by its name, logo and short label (its chain id is no text for people). */
export function ChooseNetwork() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const ct = useAppState(selectCopyTrade)
  return (
    <>
      <h1 className="title">{t('copyTrade.network.title')}</h1>
      <p className="hint">{t('copyTrade.network.hint', { address: shortTrader(ct.traderAddress) })}</p>
      <Section>
        {COPY_NETWORKS.map((chainId) => (
          <Cell
            key={chainId}
            before={<NetworkIcon chainId={chainId} />}
            title={NETWORK_NAMES[String(chainId)]}
            subtitle={CHAIN_LABELS[String(chainId)]}
            after={
              ct.chainId === chainId ? (
                <span className="selected-mark" aria-label={t('copyTrade.network.selected')}>
                  <CheckIcon size={20} />
                </span>
              ) : undefined
            }
            label={NETWORK_NAMES[String(chainId)]}
            onClick={() => {
              dispatch({ type: 'copyTrade/networkChosen', payload: { chainId } })
              navigate('/copyTrade/chooseTokens')
            }}
          />
        ))}
      </Section>
    </>
  )
}
