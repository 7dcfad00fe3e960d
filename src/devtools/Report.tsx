/**
 * "Report a problem": uploads the redacted recorded session and shows the ticket a
 * support engineer replays; where the platform allows, the log also downloads as a file.
 */
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import en from '../../locales/report/en.json'
import ru from '../../locales/report/ru.json'
import { addTranslations } from '../i18n'
import type { RequestError } from '../../domain/api/errors'
import { encodeLog } from '../../domain/log'
import type { RootState } from '../../domain/state'
import { useAppState, useDispatch } from '../ui/store'
import { errorText } from '../ui/errorText'
import { CopyButton } from '../ui/CopyButton'
import { BugIcon } from '../ui/icons'
import { Button, Cell, Placeholder, Section } from '../ui/kit'
import { useRecorder } from './recorder'
import { downloadJson } from './download'
import { MainButton } from '../ui/MainButton'

// Its texts come with it, not with the first screen.
addTranslations('report', { en, ru })

const selectReport = (s: RootState) => s.devtools.report

/** A report over the server's size (413) or daily count (429): said in the user's language, with the server's figures. */
const failureText = (t: TFunction, error: RequestError) =>
  error.kind === 'rejected' && (error.status === 413 || error.status === 429)
    ? t(error.status === 413 ? 'report.too-large' : 'report.too-many', { message: error.message })
    : errorText(t, error)

export function Report() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const report = useAppState(selectReport)
  const recorder = useRecorder()

  const download = () => {
    if (!recorder) return
    downloadJson(
      `switch-wallet-session-${Date.now()}.json`,
      encodeLog(recorder.events(), { exportedFrom: 'report screen' }, new Date().toISOString()),
    )
  }

  return (
    <>
      <Placeholder icon={<BugIcon size={56} />} title={t('report.title')} description={t('report.description')} />
      {report.ticket !== null ? (
        <Section header={t('report.ticket-header')} footer={t('report.ticket-hint')}>
          <Cell
            title={<span data-testid="ticket">{report.ticket}</span>}
            after={<CopyButton target="report/ticket" text={report.ticket} />}
          />
        </Section>
      ) : (
        <div style={{ marginBottom: 16 }}>
          <MainButton
            text={t('report.send')}
            loading={report.sending}
            onPress={() => dispatch({ type: 'devtools/reportRequested', payload: {} })}
          />
          {report.error !== null && (
            <p className="error-text" role="alert" style={{ textAlign: 'center' }}>
              {t('report.failed')} {failureText(t, report.error)}
            </p>
          )}
        </div>
      )}
      {recorder && typeof URL.createObjectURL === 'function' && (
        <Button mode="plain" onClick={download}>
          {t('report.download')}
        </Button>
      )}
    </>
  )
}
