// What the organisations module offers outside it: the job that runs an organisation's parcel import.
export { runImport, type ImportOutcome } from './imports/run-import.ts';
