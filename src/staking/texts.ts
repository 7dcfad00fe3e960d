/** The staking screens' texts and styles, loaded with the screens (each screen imports this). */
import en from '../../locales/staking/en.json'
import ru from '../../locales/staking/ru.json'
import { addTranslations } from '../i18n'
import '../mining/texts'
import './staking.css'

addTranslations('staking', { en, ru })
