/** app.22: the language picker, a cell that opens a sheet with both languages. */
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '../../domain/app/language'
import type { RootState } from '../../domain/state'
import { BottomSheet } from '../ui/BottomSheet'
import { CheckIcon } from '../ui/icons'
import { Cell, Section } from '../ui/kit'
import { useAppState, useDispatch } from '../ui/store'

/** Each language named in itself, as pickers do. */
const NAMES: Record<Language, string> = { en: 'English', ru: 'Русский' }
const selectLanguage = (s: RootState) => s.app.language
const selectOpen = (s: RootState) => s.app.languagePickerOpen

export function LanguageCell() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const language = useAppState(selectLanguage)
  return (
    <Cell
      compact
      title={t('app.language')}
      after={<span className="muted">{NAMES[language]}</span>}
      chevron
      onClick={() => dispatch({ type: 'app/languagePickerOpened', payload: {} })}
    />
  )
}

export function LanguagePicker() {
  const { t } = useTranslation()
  const dispatch = useDispatch()
  const open = useAppState(selectOpen)
  const language = useAppState(selectLanguage)
  const close = () => dispatch({ type: 'app/languagePickerClosed', payload: {} })
  return (
    <BottomSheet
      open={open}
      onClose={close}
      label={t('app.language')}
      title={<span className="sheet__title">{t('app.language')}</span>}
    >
      <Section>
        {LANGUAGES.map((l) => (
          <Cell
            key={l}
            compact
            title={NAMES[l]}
            after={
              l === language ? (
                <span className="check">
                  <CheckIcon size={18} />
                </span>
              ) : undefined
            }
            onClick={() => dispatch({ type: 'app/languageChanged', payload: { language: l } })}
          />
        ))}
      </Section>
    </BottomSheet>
  )
}
