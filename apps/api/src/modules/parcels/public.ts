/** What other modules may use of the parcels module (eslint.config.js refuses their imports of its other files). */
export { toParcel } from './parcels.presenter.ts';
