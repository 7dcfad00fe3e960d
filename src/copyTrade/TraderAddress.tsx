
import { useTranslation } from 'react-i18next'
import { isTraderAddress } from '../../domain/copyTrade/rules'
import { useAppState, useDispatch } from '../app/store'
import { CloseIcon } from '../ui/icons'
import { PartnerLogos } from './PartnerLogos'
import { selectCopyTrade } from './parts'

/** /copyTrade/traderAddress (copyTrade.6-11) */
export function TraderAddress() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const ct = useAppState(selectCopyTrade)
  const filled = ct.traderAddress !== ''
  const valid = isTraderAddress(ct.traderAddress)
  return (
    <form
      className="copy"
      onSubmit={(e) => {
        e.preventDefault()
        dispatch({ type: 'copyTrade/addressSubmitted', payload: {} })
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
          aria-invalid={ct.addressInvalid || undefined}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => dispatch({ type: 'copyTrade/addressChanged', payload: { value: e.target.value } })}
        />
        {filled ? (
          <button type="button" className="textarea-wrap__action icon-button" aria-label={t('copyTrade.address.clear')} onClick={() => dispatch({ type: 'copyTrade/addressChanged', payload: { value: '' } })}>
            <CloseIcon size={18} />
          </button>
        ) : (
          <button type="button" className="textarea-wrap__action link-button" onClick={() => dispatch({ type: 'copyTrade/pasteRequested', payload: {} })}>
            {t('copyTrade.address.paste')}
          </button>
        )}
      </div>
      {ct.addressInvalid && (
        <div className="field-error" role="alert">
          {t('copyTrade.address.invalid')}
        </div>
      )}
      <p className="hint">{t('copyTrade.address.trust')}</p>
      <PartnerLogos />
      <div className="swap__cta">
        <button type="submit" className="button button--primary">
          {valid ? t('copyTrade.address.continue') : t('copyTrade.address.enter')}
        </button>
      </div>
    </form>
  )
}
