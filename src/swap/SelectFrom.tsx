import { useTranslation } from 'react-i18next'
import { TokenPicker } from '../picker/TokenPicker'
import './texts'

/** /selectNetwork/from */
export function SelectFrom() {
  const { t } = useTranslation()
  return (
    <>
      <h1 className="title">{t('swap.pick-from')}</h1>
      <TokenPicker purpose="swapFrom" />
    </>
  )
}
