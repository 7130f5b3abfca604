import { describe, expect, it } from 'vitest';
import { canSubscribeAgain, type FarmerSubscription } from './api.ts';
import { firstPrice, formatMonths, localizedText, splitSentences, usagePercent } from './format.ts';

describe('firstPrice', () => {
  it('takes the first number of the prices text and its period', () => {
    expect(firstPrice('15000 DA/an')).toEqual({ amount: 15000, period: 'year', raw: '15000 DA/an' });
    expect(firstPrice('40 000, 55 000')).toMatchObject({ amount: 40000, period: null });
    expect(firstPrice('1.500 DA / mois; 15.000 DA / an')).toMatchObject({ amount: 1500, period: 'month' });
    expect(firstPrice('Sur devis')).toEqual({ amount: null, period: null, raw: 'Sur devis' });
  });
});

describe('splitSentences', () => {
  it('splits French advice into sentences and keeps decimals whole', () => {
    expect(splitSentences("Sol nu. C'est normal après le semis! Sinon, vérifiez 0.2 et 0,4 ? Fin")).toEqual([
      'Sol nu.',
      "C'est normal après le semis!",
      'Sinon, vérifiez 0.2 et 0,4 ?',
      'Fin',
    ]);
  });

  it('splits Arabic advice, including the Arabic question mark', () => {
    expect(splitSentences('تربة عارية. هل تم الزرع؟ تحقق من الري.')).toEqual([
      'تربة عارية.',
      'هل تم الزرع؟',
      'تحقق من الري.',
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(splitSentences('   ')).toEqual([]);
  });
});

describe('usagePercent', () => {
  it('rounds the used share and caps it at 100 %', () => {
    expect(usagePercent(3, 12)).toBe(25);
    expect(usagePercent(12, 12)).toBe(100);
    expect(usagePercent(15, 12)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(2, 0)).toBe(100);
    expect(usagePercent(-1, 10)).toBe(0);
  });
});

describe('localizedText', () => {
  it('reads the JSON description in the current language, with fallbacks', () => {
    const json = JSON.stringify({ ar: 'مؤشر الغطاء النباتي', fr: 'Indice de végétation' });
    expect(localizedText(json, 'fr')).toBe('Indice de végétation');
    expect(localizedText(json, 'ar')).toBe('مؤشر الغطاء النباتي');
    expect(localizedText(JSON.stringify({ ar: '', fr: 'Seulement en français' }), 'ar')).toBe('Seulement en français');
    expect(localizedText('Texte simple', 'ar')).toBe('Texte simple');
  });
});

describe('formatMonths', () => {
  it('agrees the Arabic noun with the number', () => {
    expect(formatMonths(12, 'fr').replace(/\s/g, ' ')).toBe('12 mois');
    expect(formatMonths(12, 'ar')).toContain('شهرًا');
    expect(formatMonths(3, 'ar')).toContain('أشهر');
  });
});

describe('canSubscribeAgain', () => {
  const sub = (etat: FarmerSubscription['etat'], activated: string | null): FarmerSubscription => ({
    id: 1,
    abn_id: 1,
    user_id: 1,
    date_abonnement: '2025-01-01T00:00:00Z',
    durée: 12,
    etat,
    date_activation: activated,
    abonnement: { id: 1, nameAbonnement: 'Basic', nameAbonnementAr: '', nameClient: '', nameClientAr: '', prices: '' },
  });
  it('follows the API rule: not while one is active or awaiting its first activation', () => {
    expect(canSubscribeAgain([sub('actif', '2025-01-02')])).toBe(false);
    expect(canSubscribeAgain([sub('désactivé', null)])).toBe(false);
    expect(canSubscribeAgain([sub('désactivé', '2025-01-02')])).toBe(true);
  });
});
