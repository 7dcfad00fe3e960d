/** The app's version (app.1), as the export of a recorded log carries it. */

/** app.1 */
export const APP_VERSION = 'v1.1.2'
