import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFLICT_REASONS, PARCEL_MESSAGES } from '@filaha/shared';

type Tree = { [key: string]: string | Tree };
const locales = join(import.meta.dirname, '../../i18n/locales');
const shared = join(import.meta.dirname, '../../../../../packages/shared/src');
const load = (lang: string, ns: string) => JSON.parse(readFileSync(join(locales, lang, `${ns}.json`), 'utf8')) as Tree;
const lookup = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, k) => (node as Tree | undefined)?.[k], tree);

/** The API's issue messages are locale keys: `conflict.*` live in errors.json, `validation.*` in validation.json. */
describe('locale keys the admin API answers with', () => {
  const keysIn = (file: string) =>
    [...readFileSync(join(shared, file), 'utf8').matchAll(/'(validation\.\w+|conflict\.\w+)'/g)].map((m) => m[1] ?? '');
  const used = [
    ...new Set([
      ...keysIn('admin.ts'),
      ...keysIn('parcel-input.ts'),
      ...Object.values(CONFLICT_REASONS),
      ...Object.values(PARCEL_MESSAGES),
      'validation.unknownReference',
      'validation.pathMismatch',
      'validation.parcelOwnerNotFarmer',
    ]),
  ];

  it.each(['ar', 'fr'])('are all translated in %s', (lang) => {
    expect(used.length).toBeGreaterThan(25);
    const missing = used.filter((key) => {
      const [ns, ...rest] = key.split('.');
      const tree = ns === 'conflict' ? load(lang, 'errors') : load(lang, 'validation');
      const value = lookup(tree, ns === 'conflict' ? key : rest.join('.'));
      return typeof value !== 'string' || value.trim() === '';
    });
    expect(missing).toEqual([]);
  });

  it("keeps the SPEC's texts of the new-parcel form in French", () => {
    const v = load('fr', 'validation');
    expect(v.parcelRequiredFields).toBe('Veuillez remplir tous les champs requis.');
    expect(v.parcelGeometryRequired).toBe('Veuillez définir une géométrie ou entrer les coordonnées manuellement.');
    const a = load('fr', 'admin');
    expect(lookup(a, 'parcels.created')).toBe('Parcelle ajoutée avec succès !');
    expect(lookup(a, 'parcels.noUser')).toBe('Aucun utilisateur trouvé');
    expect(lookup(a, 'parcels.clear')).toBe('Effacer le polygone manuel');
  });
});
