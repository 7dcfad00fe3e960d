/**
 * The PoH prompt on the shell (poh.35-40), over whatever screen shows: what the proof gives, Verify
 * (to /prove) or Later. The effects decided it is due (streams/poh/epics.ts promptEpic).
 */
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useDispatch } from '../ui/store'
import { BottomSheet } from '../ui/BottomSheet'
import { Button } from '../ui/kit'
import { HumanIcon } from './HumanIcon'
import './texts'

export function PohPrompt() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const navigate = useNavigate()
  const later = () => dispatch({ type: 'poh/promptClosed', payload: {} })
  return (
    <BottomSheet
      open
      label={t('poh.prompt.title')}
      title={<span className="sheet__title">{t('poh.prompt.title')}</span>}
      onClose={later}
    >
      <div className="poh-prompt" data-testid="poh-prompt">
        <HumanIcon size={64} />
        <p className="poh-prompt__text">{t('poh.prompt.text')}</p>
        <div className="poh-prompt__actions">
          <Button
            onClick={() => {
              dispatch({ type: 'poh/promptAccepted', payload: {} })
              navigate('/prove')
            }}
          >
            {t('poh.prompt.verify')}
          </Button>
          <Button mode="plain" onClick={later}>
            {t('poh.prompt.later')}
          </Button>
        </div>
      </div>
    </BottomSheet>
  )
}
