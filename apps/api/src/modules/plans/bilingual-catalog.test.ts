import { eq, functionalities, plans, sellerPlans } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import { issuesOf, kit, tag } from './test-kit.ts';

/**
 * Issue 13 §5: catalogue texts entered in the back office (plan names, client types, functionalities, seller plan
 * names and descriptions) are stored in French and Arabic, created and edited with both; the Arabic is optional
 * ('' = not translated: the screens show the French) and follows the same text rules as the French.
 */
const t = useTestApp();
const k = kit(t);

describe('farmer plans in French and Arabic', () => {
  it('creates and edits a plan with both languages; an absent Arabic text stays as it was', async () => {
    const { admin } = await k.cast();
    const name = `Plan ${tag()}`;
    const nameAr = `باقة ${tag()}`;
    const created = await k.post('/api/abonnement', admin.headers, {
      nameAbonnement: `  ${name} `,
      nameAbonnementAr: ` ${nameAr}  `,
      nameClient: 'Exploitations de 1 à 10 ha',
      nameClientAr: 'المستثمرات من 1 إلى 10 هكتارات',
      prices: '15000 DA/an',
    });
    expect(created.statusCode).toBe(201);
    const plan = json<{ id: number }>(created);
    expect(plan).toMatchObject({
      nameAbonnement: name,
      nameAbonnementAr: nameAr,
      nameClient: 'Exploitations de 1 à 10 ha',
      nameClientAr: 'المستثمرات من 1 إلى 10 هكتارات',
    });

    const edited = await k.put(`/api/abonnement/${plan.id}`, admin.headers, {
      nameAbonnement: `${name} bis`,
      nameClient: 'Exploitations moyennes',
      nameClientAr: 'المستثمرات المتوسطة',
      prices: '20000 DA/an',
    });
    expect(edited.statusCode).toBe(200);
    expect(json(edited)).toMatchObject({
      nameAbonnement: `${name} bis`,
      nameAbonnementAr: nameAr,
      nameClientAr: 'المستثمرات المتوسطة',
      prices: '20000 DA/an',
    });
    // Both languages travel in every read, the public list and the detailed one.
    const list = json<Array<{ id: number; nameAbonnementAr: string }>>(await k.get('/api/abonnement'));
    expect(list.find((p) => p.id === plan.id)?.nameAbonnementAr).toBe(nameAr);
    const details = json<Array<{ id: number; nameClientAr: string }>>(await k.get('/api/abonnement/details'));
    expect(details.find((p) => p.id === plan.id)?.nameClientAr).toBe('المستثمرات المتوسطة');

    // Clearing the Arabic name marks it untranslated again.
    const cleared = await k.put(`/api/abonnement/${plan.id}`, admin.headers, {
      nameAbonnement: `${name} bis`,
      nameAbonnementAr: '   ',
      nameClient: 'Exploitations moyennes',
      prices: '20000 DA/an',
    });
    expect(json(cleared)).toMatchObject({ nameAbonnementAr: '', nameClientAr: 'المستثمرات المتوسطة' });
  });

  it('keeps the French required and applies the name rules to both languages; nothing changes on refusal', async () => {
    const { admin } = await k.cast();
    const onlyArabic = await k.post('/api/abonnement', admin.headers, {
      nameAbonnementAr: `باقة ${tag()}`,
      nameClient: 'X',
      prices: '1 DA',
    });
    expect(onlyArabic.statusCode).toBe(400);
    expect(issuesOf(onlyArabic).map((i) => i.path)).toContain('nameAbonnement');

    const base = { nameAbonnement: `Plan ${tag()}`, nameClient: 'X', prices: '1 DA' };
    const bidi = await k.post('/api/abonnement', admin.headers, { ...base, nameAbonnementAr: '\u202Eباقة' });
    expect(bidi.statusCode).toBe(400);
    expect(issuesOf(bidi)).toContainEqual(
      expect.objectContaining({ path: 'nameAbonnementAr', message: 'validation.bidiControl' }),
    );
    const invisible = await k.post('/api/abonnement', admin.headers, { ...base, nameClientAr: '\u200B\u200B' });
    expect(issuesOf(invisible)).toContainEqual(
      expect.objectContaining({ path: 'nameClientAr', message: 'validation.noVisibleCharacter' }),
    );
    const tooLong = await k.post('/api/abonnement', admin.headers, { ...base, nameAbonnementAr: 'ب'.repeat(121) });
    expect(issuesOf(tooLong)).toContainEqual(
      expect.objectContaining({ path: 'nameAbonnementAr', message: 'validation.tooLong' }),
    );
    const rows = await t.current.database.db.select().from(plans).where(eq(plans.name, base.nameAbonnement));
    expect(rows).toEqual([]);
  });

  it('refuses a second plan with the same Arabic name (409 on nameAbonnementAr), but many untranslated ones', async () => {
    const { admin } = await k.cast();
    const nameAr = `باقة ${tag()}`;
    const first = await k.post('/api/abonnement', admin.headers, {
      nameAbonnement: `Plan ${tag()}`,
      nameAbonnementAr: nameAr,
      nameClient: 'X',
      prices: '1 DA',
    });
    expect(first.statusCode).toBe(201);
    const second = await k.post('/api/abonnement', admin.headers, {
      nameAbonnement: `Plan ${tag()}`,
      nameAbonnementAr: nameAr,
      nameClient: 'X',
      prices: '1 DA',
    });
    expect(second.statusCode).toBe(409);
    expect(issuesOf(second)).toEqual([{ path: 'nameAbonnementAr', code: 'duplicate', message: 'conflict.duplicate' }]);
    for (let i = 0; i < 2; i++) {
      const untranslated = await k.post('/api/abonnement', admin.headers, {
        nameAbonnement: `Plan ${tag()}`,
        nameClient: 'X',
        prices: '1 DA',
      });
      expect(untranslated.statusCode).toBe(201);
      expect(json(untranslated)).toMatchObject({ nameAbonnementAr: '', nameClientAr: '' });
    }
  });

  it('lets only an admin edit, and answers 404 for a missing plan', async () => {
    const { admin, manager, farmer } = await k.cast();
    const body = { nameAbonnement: `Plan ${tag()}`, nameClient: 'X', prices: '1 DA' };
    expect((await k.put('/api/abonnement/99999999', admin.headers, body)).statusCode).toBe(404);
    const plan = json<{ id: number }>(await k.post('/api/abonnement', admin.headers, body));
    expect((await k.put(`/api/abonnement/${plan.id}`, manager.headers, body)).statusCode).toBe(403);
    expect((await k.put(`/api/abonnement/${plan.id}`, farmer.headers, body)).statusCode).toBe(403);
    expect((await k.put(`/api/abonnement/${plan.id}`, {}, body)).statusCode).toBe(401);
  });

  it('has the seeded catalogue in Arabic', async () => {
    const list = json<Array<{ nameAbonnement: string; nameAbonnementAr: string; nameClientAr: string }>>(
      await k.get('/api/abonnement'),
    );
    const standard = list.find((p) => p.nameAbonnement === 'Standard');
    expect(standard).toMatchObject({ nameAbonnementAr: 'القياسي', nameClientAr: 'المستثمرات من 10 إلى 50 هكتارًا' });
    const features = json<Array<{ name: string; nameAr: string }>>(await k.get('/api/fonctionnality'));
    const stats = features.find((f) => f.name === 'Statistiques de végétation');
    expect(stats?.nameAr).toBe('إحصائيات الغطاء النباتي');
    const sellers = json<Array<{ nameAbonnement: string; nameAbonnementAr: string; descriptionAr: string }>>(
      await k.get('/api/sellerAbonnement'),
    );
    expect(sellers.find((p) => p.nameAbonnement === 'Vendeur Pro')).toMatchObject({
      nameAbonnementAr: 'البائع المحترف',
      descriptionAr: 'إعلانات غير محدودة، مع إبرازها في السوق.',
    });
  });
});

describe('functionalities in French and Arabic', () => {
  it('creates and edits with both names; the Arabic one shows in the plans that include it', async () => {
    const { admin } = await k.cast();
    const created = await k.post('/api/fonctionnality', admin.headers, {
      name: `Fonction ${tag()}`,
      nameAr: ` ميزة ${tag()} `,
      psudo: 'p',
    });
    expect(created.statusCode).toBe(201);
    const feature = json<{ id: number; name: string; nameAr: string }>(created);
    expect(feature.nameAr).toMatch(/^ميزة [0-9A-F]{6}$/);

    const renamed = `ميزة ${tag()}`;
    const edited = await k.put(`/api/fonctionnality/${feature.id}`, admin.headers, {
      name: feature.name,
      nameAr: renamed,
      psudo: 'q',
    });
    expect(edited.statusCode).toBe(200);
    expect(json(edited)).toEqual({ id: feature.id, name: feature.name, nameAr: renamed, psudo: 'q' });

    const plan = json<{ id: number }>(
      await k.post('/api/abonnement', admin.headers, { nameAbonnement: `Plan ${tag()}`, nameClient: 'X', prices: '1' }),
    );
    await k.post('/api/abonnementFonctionnality', admin.headers, {
      fonctionnalityId: feature.id,
      abonnementId: plan.id,
    });
    const details = json<Array<{ id: number; fonctionnalities: Array<{ id: number; nameAr: string }> }>>(
      await k.get('/api/abonnement/details'),
    );
    expect(details.find((p) => p.id === plan.id)?.fonctionnalities).toEqual([
      expect.objectContaining({ id: feature.id, nameAr: renamed }),
    ]);

    // Without nameAr the edit keeps the Arabic name; a clash names the Arabic field.
    const keep = await k.put(`/api/fonctionnality/${feature.id}`, admin.headers, { name: feature.name, psudo: 'r' });
    expect(json(keep)).toMatchObject({ nameAr: renamed, psudo: 'r' });
    const other = json<{ id: number }>(
      await k.post('/api/fonctionnality', admin.headers, { name: `Fonction ${tag()}`, psudo: 'p' }),
    );
    const clash = await k.put(`/api/fonctionnality/${other.id}`, admin.headers, {
      name: `Fonction ${tag()}`,
      nameAr: renamed,
      psudo: 'p',
    });
    expect(clash.statusCode).toBe(409);
    expect(issuesOf(clash)[0]).toMatchObject({ path: 'nameAr', code: 'duplicate' });
    const [row] = await t.current.database.db.select().from(functionalities).where(eq(functionalities.id, other.id));
    expect(row?.nameAr).toBe('');
  });
});

describe('seller plans in French and Arabic', () => {
  it('creates and edits name, client type and description in both languages', async () => {
    const { admin } = await k.cast();
    const created = await k.post('/api/sellerAbonnement', admin.headers, {
      nameAbonnement: `Vendeur ${tag()}`,
      nameAbonnementAr: `بائع ${tag()}`,
      nameClient: 'Coopératives',
      nameClientAr: 'التعاونيات',
      price: 5000,
      nbPost: 3,
      description: 'Trois annonces.',
      descriptionAr: 'ثلاثة إعلانات.',
    });
    expect(created.statusCode).toBe(201);
    const plan = json<{ id: number; nameAbonnementAr: string }>(created);
    expect(plan).toMatchObject({ nameClientAr: 'التعاونيات', descriptionAr: 'ثلاثة إعلانات.', nbPost: 3 });

    const edited = await k.put(`/api/sellerabonnement/${plan.id}`, admin.headers, {
      nameAbonnement: `Vendeur ${tag()}`,
      nameClient: 'Coopératives',
      price: 6000,
      priority: 2,
      nbPost: '',
      descriptionAr: 'إعلانات غير محدودة.',
    });
    expect(edited.statusCode).toBe(200);
    expect(json(edited)).toMatchObject({
      nameAbonnementAr: plan.nameAbonnementAr,
      nameClientAr: 'التعاونيات',
      description: 'Trois annonces.',
      descriptionAr: 'إعلانات غير محدودة.',
      price: 6000,
      priority: 2,
      nbPost: null,
      isLimited: false,
    });
    const [row] = await t.current.database.db.select().from(sellerPlans).where(eq(sellerPlans.id, plan.id));
    expect(row).toMatchObject({ descriptionAr: 'إعلانات غير محدودة.', isLimited: false, postLimit: null });
    const list = json<Array<{ id: number; descriptionAr: string }>>(await k.get('/api/sellerAbonnement'));
    expect(list.find((p) => p.id === plan.id)?.descriptionAr).toBe('إعلانات غير محدودة.');
    expect(
      (await k.put('/api/sellerAbonnement/99999999', admin.headers, { nameAbonnement: 'x', nameClient: 'y', price: 1 }))
        .statusCode,
    ).toBe(404);
  });
});
