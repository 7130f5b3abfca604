// A small deterministic PRNG (mulberry32): the same parcels on every run of a bench. The demo's own generator.
export { mulberry32 as prng } from '@filaha/imagery';
