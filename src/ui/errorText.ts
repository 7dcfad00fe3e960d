import type { TFunction } from 'i18next'
import type { RequestError } from '../../domain/api/errors'

/** What a user reads for a failed call (app.11: a server error shows a generic message). */
export function errorText(t: TFunction, error: RequestError): string {
  switch (error.kind) {
    case 'noInitData':
      return t('errors.no-init-data')
    case 'network':
      return t('errors.network')
    case 'timeout':
      return t('errors.timeout')
    case 'server':
      return t('errors.server-error')
    case 'decode':
      return t('errors.decode')
    case 'rejected':
      return t('errors.rejected', { message: error.message })
    case 'throttled':
      return t('errors.too-many-requests', { seconds: error.retryAfterSeconds })
    case 'unavailable':
      return t('errors.unavailable', { seconds: error.retryAfterSeconds })
  }
}
