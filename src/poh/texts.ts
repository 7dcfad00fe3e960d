/** The PoH screens' texts and styles, loaded with the screens (each screen imports this). */
import en from '../../locales/poh/en.json'
import ru from '../../locales/poh/ru.json'
import { addTranslations } from '../i18n'
import './poh.css'

addTranslations('poh', { en, ru })
