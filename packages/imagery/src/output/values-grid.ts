// The values grid's format lives in @filaha/shared (the web app decodes it); the engine writes it, and
// `@filaha/imagery/values-grid` stays the same module for the API's and browser tests that read a result.
export { decodeValuesGrid, encodeValuesGrid, valueAt, type ValuesGrid } from '@filaha/shared/values-grid';
