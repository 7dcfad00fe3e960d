/** /prove/success (poh.9, poh.33): verified; Done goes back where the journey began. */
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useDispatch } from '../ui/store'
import { SuccessScreen as Success } from '../ui/SuccessScreen'
import { useOrigin, usePohEntered } from './hooks'
import './texts'

export function SuccessScreen() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const origin = useOrigin()
  usePohEntered('success')
  return (
    <Success
      title={t('poh.success.title')}
      figure="+5 %"
      detail={t('poh.success.detail')}
      primary={{
        text: t('poh.success.done'),
        onPress: () => {
          dispatch({ type: 'poh/done', payload: {} })
          navigate(origin)
        },
      }}
    />
  )
}
