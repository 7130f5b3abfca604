/** What other modules may use of the users module (eslint.config.js refuses their imports of its other files). */
export { toProfile } from './users.presenter.ts';
