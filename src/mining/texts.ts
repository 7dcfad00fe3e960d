/** The mining screens' texts and styles, loaded with the screens (each screen imports this). */
import en from '../../locales/mining/en.json'
import ru from '../../locales/mining/ru.json'
import { addTranslations } from '../i18n'
import './mining.css'

addTranslations('mining', { en, ru })
