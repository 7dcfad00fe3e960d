/** The maintenance screen's flag and window (app.24-26). */

export const MAINTENANCE_STORAGE_KEY = 'isMaintenance'
/** app.24: exactly the string 'true'. */
export const isMaintenanceFlag = (stored: string | null | undefined): boolean => stored === 'true'
/** app.25 */
export const MAINTENANCE_WINDOW = '19/04/25 07:00 - 13:00 UTC'
