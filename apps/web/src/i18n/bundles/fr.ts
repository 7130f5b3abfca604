// The two namespaces every public page needs, shipped as one chunk: one request instead of two.
export { default as common } from '../locales/fr/common.json';
export { default as home } from '../locales/fr/home.json';
