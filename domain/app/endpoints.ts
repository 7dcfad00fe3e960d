/**
 * The app's call, on the first screen: the language the user chose (doc 2 §2).
 */
import { endpoint } from '../api/endpoint'
import * as S from './codecs'
import { Ok } from '../api/codecs'

export const appEndpoints = {
  userLanguage: endpoint({
    method: 'POST',
    path: '/userLanguage',
    service: 'wallet',
    request: S.UserLanguageRequest,
    response: Ok,
    specPath: false,
  }),
} as const
