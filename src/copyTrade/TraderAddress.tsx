import { useTranslation } from 'react-i18next'
import { isOwnAddress, isTraderAddress } from '../../domain/copyTrade/rules'
import type { RootState } from '../../domain/state'
import { useAppState, useDispatch } from '../ui/store'
import { CloseIcon } from '../ui/icons'
import { PartnerLogos } from './PartnerLogos'
import { selectCopyTrade } from './selectors'
import './texts'
import { MainButton } from '../ui/MainButton'

/** The user's own wallets (/tgUserWallets), to refuse copying one of them. */
const selectWallets = (s: RootState) => s.wallet.wallets.data

/** /copyTrade/traderAddress (copyTrade.6-11) */
export function TraderAddress() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const ct = useAppState(selectCopyTrade)
  const wallets = useAppState(selectWallets)
  const filled = ct.traderAddress !== ''
  const valid = isTraderAddress(ct.traderAddress)
  const own = isOwnAddress(
    ct.traderAddress,
    (wallets ?? []).map((w) => w.address),
  )
  return (
    <form
      className="copy"
      onSubmit={(e) => {
        e.preventDefault()
        if (!own) dispatch({ type: 'copyTrade/addressSubmitted', payload: {} })
      }}
    >
      <h1 className="title">{t('copyTrade.address.title')}</h1>
      <div className="textarea-wrap">
        <textarea
          className="search textarea"
          rows={3}
          value={ct.traderAddress}
          placeholder="0x…"
          aria-label={t('copyTrade.address.label')}
          aria-invalid={ct.addressInvalid || own || undefined}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => dispatch({ type: 'copyTrade/addressChanged', payload: { value: e.target.value } })}
        />
        {filled ? (
          <button
            type="button"
            className="textarea-wrap__action icon-button"
            aria-label={t('copyTrade.address.clear')}
            onClick={() => dispatch({ type: 'copyTrade/addressChanged', payload: { value: '' } })}
          >
            <CloseIcon size={18} />
          </button>
        ) : (
          <button
            type="button"
            className="textarea-wrap__action link-button"
            onClick={() => dispatch({ type: 'copyTrade/pasteRequested', payload: {} })}
          >
            {t('copyTrade.address.paste')}
          </button>
        )}
      </div>
      {ct.addressInvalid && (
        <div className="field-error" role="alert">
          {t('copyTrade.address.invalid')}
        </div>
      )}
      {own && (
        <div className="field-error" role="alert">
          {t('copyTrade.address.own')}
        </div>
      )}
      <p className="hint">{t('copyTrade.address.trust')}</p>
      <PartnerLogos />
      <MainButton
        text={valid ? t('copyTrade.address.continue') : t('copyTrade.address.enter')}
        disabled={own}
        onPress={() => dispatch({ type: 'copyTrade/addressSubmitted', payload: {} })}
      />
    </form>
  )
}
