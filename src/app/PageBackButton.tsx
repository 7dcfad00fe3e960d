/**
 * The back button (app.14) drawn by the page where Telegram draws none (no Telegram host answered,
 * or a replay): at the top of an inner screen, where Telegram's header puts its own. A press is the
 * same app/backPressed Telegram's press is (react-router's navigate(-1), ./LogRouter.tsx), so the
 * reducer decides where it leads. Over a sheet Telegram's also shows; the page's sheets close by
 * their own button, a tap outside or Escape.
 */
import { useContext } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { isInnerScreen } from '../../domain/app/routes'
import { useTranslation } from 'react-i18next'
import { ChevronLeftIcon } from '../ui/icons'
import { TelegramControlsContext } from '../ui/MainButton'

export function PageBackButton() {
  const { t } = useTranslation()
  const controls = useContext(TelegramControlsContext)
  const path = useLocation().pathname
  const navigate = useNavigate()
  if ((controls.back ?? controls.native) || !isInnerScreen(path)) return null
  return (
    <div className="page-back">
      <button type="button" className="page-back__button" onClick={() => navigate(-1)}>
        <ChevronLeftIcon size={22} />
        {t('app.back')}
      </button>
    </div>
  )
}
