import { eq, publications, sellerSubscriptions } from '@filaha/db';
import { factories } from '@filaha/db/testing';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { json, useTestApp } from '../../../test/helper.ts';
import {
  jpegFile,
  multipart,
  postPublication,
  publicationFields,
  sellerWithSubscription,
  storageOf,
  type FilePart,
} from './marketplace.test-support.ts';

const t = useTestApp();

type Headers = Record<string, string>;
interface PublicationOut {
  id: number;
  nomProduit: string;
  prixUnitaire: number;
  quantité: number;
  etat: string;
  images: Array<{ id: number; imagePath: string; thumbPath: string }>;
  seller: { id: number; userName: string; sellerRole: { roleName: string } | null };
}

const post = (headers: Headers, fields: Record<string, string | string[]>, files: FilePart[] = []) =>
  postPublication(t.current, headers, fields, files);
async function put(
  id: number,
  headers: Headers,
  fields: Record<string, string | string[]>,
  files: Awaited<ReturnType<typeof jpegFile>>[] = [],
) {
  const body = multipart(fields, files);
  return t.current.inject({
    method: 'PUT',
    url: `/api/publications/update/${id}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
const get = (url: string, headers: Headers = {}) => t.current.inject({ method: 'GET', url, headers });
const del = (id: number, headers: Headers) =>
  t.current.inject({ method: 'DELETE', url: `/api/publications/delete/${id}`, headers });
const keyOf = (path: string) => `publications/${path.split('/').pop() ?? ''}`;

describe('POST /api/publications/add', () => {
  it('publishes with photos re-encoded to WebP, served at stable public URLs with a year of cache', async () => {
    const seller = await sellerWithSubscription(t.current, { sellerRoleId: 2 });
    const res = await post(seller.headers, publicationFields(seller.subscription.id), [
      await jpegFile('a.jpg'),
      await jpegFile('b.jpg'),
      await jpegFile('c.jpg'),
    ]);
    expect(res.statusCode).toBe(201);
    const { message, publication } = json<{ message: string; publication: PublicationOut }>(res);
    expect(message).toBe('تم إنشاء المنشور بنجاح');
    expect(publication).toMatchObject({
      nomProduit: 'Tomates de plein champ',
      prixUnitaire: 80,
      quantité: 100,
      etat: 'DISPO',
      seller: { id: seller.user.id, sellerRole: { roleName: "Fournisseur d'intrants" } },
    });
    expect(publication.images).toHaveLength(3);
    const [first] = publication.images;
    expect(first?.imagePath).toMatch(/^\/api\/publications\/images\/[0-9a-f-]{36}\.webp$/);

    const image = await get(first?.imagePath ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    const thumb = await sharp((await get(first?.thumbPath ?? '')).rawPayload).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(400);

    expect(json(await get(`/api/publications/one/${publication.id}`))).toEqual(publication);
  });

  it('answers French server messages when asked', async () => {
    const seller = await sellerWithSubscription(t.current);
    const res = await post({ ...seller.headers, 'accept-language': 'fr' }, publicationFields(seller.subscription.id));
    expect(json(res)).toMatchObject({ message: 'Publication créée avec succès' });
  });

  it('refuses without an active subscription of the caller: 401 with a server message', async () => {
    const seller = await t.current.createUser({ role: 'Seller' });
    const other = await sellerWithSubscription(t.current);
    const none = await post({ ...seller.headers, 'accept-language': 'fr' }, publicationFields(other.subscription.id));
    expect(none.statusCode).toBe(401);
    expect(json(none)).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: 'Cette action nécessite un abonnement.',
    });

    const { sellerSubscription: off } = await factories.createSellerSubscription(t.current.database, {
      userId: seller.user.id,
      state: 'désactivé',
    });
    const inactive = await post(seller.headers, publicationFields(off.id));
    expect(inactive.statusCode).toBe(401);
    expect(json(inactive)).toMatchObject({ code: 'SUBSCRIPTION_INACTIVE' });

    const missing = await post(seller.headers, publicationFields(99_999_999));
    expect(missing.statusCode).toBe(401);
    const rows = await t.current.database.db.select().from(publications).where(eq(publications.userId, seller.user.id));
    expect(rows).toHaveLength(0);
  });

  it('keeps publishing for sellers and farmers (User) with a seller plan', async () => {
    const farmer = await sellerWithSubscription(t.current, { role: 'User' });
    const res = await post(farmer.headers, publicationFields(farmer.subscription.id));
    expect(res.statusCode).toBe(201);
    expect(json<{ publication: PublicationOut }>(res).publication.seller.sellerRole).toMatchObject({
      roleName: 'Agriculteur',
    });

    const investor = await t.current.createUser({ role: 'Investor' });
    expect((await post(investor.headers, publicationFields(farmer.subscription.id))).statusCode).toBe(403);
    expect((await post({}, publicationFields(farmer.subscription.id))).statusCode).toBe(401);
  });

  it('validates the fields', async () => {
    const seller = await sellerWithSubscription(t.current);
    const res = await post(
      seller.headers,
      publicationFields(seller.subscription.id, {
        productName: '',
        price: 'abc',
        phone: '05-55',
        disponibility: 'MAYBE',
      }),
    );
    expect(res.statusCode).toBe(400);
    const paths = json<{ issues: Array<{ path: string }> }>(res)
      .issues.map((i) => i.path)
      .sort();
    expect(paths).toEqual(['disponibility', 'phone', 'price', 'productName']);
  });

  it('20 parallel posts against 3 remaining posts publish exactly 3', async () => {
    const seller = await sellerWithSubscription(t.current, { postLimit: 5, postsUsed: 2 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(seller.headers, publicationFields(seller.subscription.id, { productName: `Parallèle ${i}` })),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(17);
    const refused = results.find((r) => r.statusCode === 403);
    expect(json(refused ?? { body: '{}' })).toMatchObject({
      code: 'QUOTA_EXHAUSTED',
      issues: [{ code: 'post_limit_reached' }],
    });

    const db = t.current.database.db;
    const [subscription] = await db
      .select()
      .from(sellerSubscriptions)
      .where(eq(sellerSubscriptions.id, seller.subscription.id));
    expect(subscription?.postsUsed).toBe(5);
    const rows = await db.select().from(publications).where(eq(publications.userId, seller.user.id));
    expect(rows).toHaveLength(3);
    const current = json<{ data: { remainingPosts: number } }>(
      await get('/api/sellerAbonnementUser/current', seller.headers),
    );
    expect(current.data.remainingPosts).toBe(0);
  });
});

describe('PUT /api/publications/update/{id}', () => {
  it('lets the owner change fields, add photos and remove deletedImageIds with their files', async () => {
    const seller = await sellerWithSubscription(t.current);
    const created = json<{ publication: PublicationOut }>(
      await post(seller.headers, publicationFields(seller.subscription.id), [
        await jpegFile(),
        await jpegFile(),
        await jpegFile(),
      ]),
    ).publication;
    const [gone, kept] = created.images;
    if (!gone || !kept) throw new Error('expected images');

    const res = await put(
      created.id,
      seller.headers,
      { disponibility: 'NONDISPO', price: '95.5', deletedImageIds: String(gone.id) },
      [await jpegFile()],
    );
    expect(res.statusCode).toBe(200);
    const updated = json<{ publication: PublicationOut }>(res).publication;
    expect(updated).toMatchObject({ etat: 'NONDISPO', prixUnitaire: 95.5, nomProduit: created.nomProduit });
    expect(updated.images).toHaveLength(3);
    expect(updated.images.map((i) => i.id)).not.toContain(gone.id);
    expect(updated.images[0]?.id).toBe(kept.id);

    // The removed photo's files are gone from storage and from its URL.
    expect(await storageOf(t.current).get(keyOf(gone.imagePath))).toBeNull();
    expect(await storageOf(t.current).get(keyOf(gone.thumbPath))).toBeNull();
    expect(await storageOf(t.current).get(keyOf(kept.imagePath))).not.toBeNull();
    expect((await get(gone.imagePath)).statusCode).toBe(404);
    expect((await get(kept.imagePath)).statusCode).toBe(200);
  });

  it('accepts deletedImageIds as a JSON array or repeated fields, refuses ids of another publication', async () => {
    const seller = await sellerWithSubscription(t.current);
    const a = json<{ publication: PublicationOut }>(
      await post(seller.headers, publicationFields(seller.subscription.id), [
        await jpegFile(),
        await jpegFile(),
        await jpegFile(),
      ]),
    ).publication;
    const b = json<{ publication: PublicationOut }>(
      await post(seller.headers, publicationFields(seller.subscription.id), [await jpegFile()]),
    ).publication;
    const ids = a.images.map((i) => i.id);
    const foreign = await put(a.id, seller.headers, { deletedImageIds: String(b.images[0]?.id) });
    expect(foreign.statusCode).toBe(400);
    expect(json(foreign)).toMatchObject({ issues: [{ path: 'deletedImageIds' }] });

    const asJson = await put(a.id, seller.headers, { deletedImageIds: JSON.stringify(ids.slice(0, 2)) });
    expect(json<{ publication: PublicationOut }>(asJson).publication.images.map((i) => i.id)).toEqual(ids.slice(2));
    const repeated = await put(a.id, seller.headers, { 'deletedImageIds[]': [String(ids[2])] });
    expect(json<{ publication: PublicationOut }>(repeated).publication.images).toEqual([]);
  });

  it('refuses more than 10 photos in total', async () => {
    const seller = await sellerWithSubscription(t.current);
    const files = await Promise.all(Array.from({ length: 8 }, () => jpegFile()));
    const created = json<{ publication: PublicationOut }>(
      await post(seller.headers, publicationFields(seller.subscription.id), files),
    ).publication;
    const res = await put(created.id, seller.headers, {}, [await jpegFile(), await jpegFile(), await jpegFile()]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ issues: [{ path: 'images', code: 'too_many' }] });
    expect(json<PublicationOut>(await get(`/api/publications/one/${created.id}`)).images).toHaveLength(8);
  });

  it("is the owner's only: another seller and an admin get 403, a missing one 404", async () => {
    const owner = await sellerWithSubscription(t.current);
    const created = json<{ publication: PublicationOut }>(
      await post(owner.headers, publicationFields(owner.subscription.id)),
    ).publication;
    const other = await sellerWithSubscription(t.current);
    const admin = await t.current.createUser({ role: 'Admin' });
    expect((await put(created.id, other.headers, { productName: 'Volé' })).statusCode).toBe(403);
    expect((await put(created.id, admin.headers, { productName: 'Volé' })).statusCode).toBe(403);
    expect((await put(created.id, {}, { productName: 'Volé' })).statusCode).toBe(401);
    expect((await put(99_999_999, owner.headers, { productName: 'x' })).statusCode).toBe(404);
    expect(json<PublicationOut>(await get(`/api/publications/one/${created.id}`)).nomProduit).toBe(created.nomProduit);
  });
});

describe('DELETE /api/publications/delete/{id}', () => {
  it('deletes for the owner or an admin, with the photo files; another seller gets 403', async () => {
    const owner = await sellerWithSubscription(t.current);
    const first = json<{ publication: PublicationOut }>(
      await post(owner.headers, publicationFields(owner.subscription.id), [await jpegFile()]),
    ).publication;
    const second = json<{ publication: PublicationOut }>(
      await post(owner.headers, publicationFields(owner.subscription.id), [await jpegFile()]),
    ).publication;
    const other = await sellerWithSubscription(t.current);

    expect((await del(first.id, other.headers)).statusCode).toBe(403);
    const res = await del(first.id, { ...owner.headers, 'accept-language': 'fr' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: 'Produit supprimé avec succès' });
    expect((await get(`/api/publications/one/${first.id}`)).statusCode).toBe(404);
    for (const image of first.images) {
      expect(await storageOf(t.current).get(keyOf(image.imagePath))).toBeNull();
      expect(await storageOf(t.current).get(keyOf(image.thumbPath))).toBeNull();
    }

    const admin = await t.current.createUser({ role: 'Admin' });
    expect((await del(second.id, admin.headers)).statusCode).toBe(200);
    expect(await storageOf(t.current).get(keyOf(second.images[0]?.imagePath ?? ''))).toBeNull();
    expect((await del(second.id, owner.headers)).statusCode).toBe(404);
  });

  it('gives the post back: a post counts while it exists, so a full plan can publish again after a delete', async () => {
    const seller = await sellerWithSubscription(t.current, { postLimit: 2 });
    const publish = (name: string) =>
      post(seller.headers, publicationFields(seller.subscription.id, { productName: name }));
    const remaining = async () =>
      json<{ data: { remainingPosts: number; nbPost: number } }>(
        await get('/api/sellerAbonnementUser/current', seller.headers),
      ).data;

    const first = json<{ publication: PublicationOut }>(await publish('Tomates')).publication;
    expect((await publish('Poivrons')).statusCode).toBe(201);
    const full = await publish('Oignons');
    expect(full.statusCode).toBe(403);
    expect(json(full)).toMatchObject({ code: 'QUOTA_EXHAUSTED' });
    expect(await remaining()).toMatchObject({ remainingPosts: 0, nbPost: 2 });

    expect((await del(first.id, seller.headers)).statusCode).toBe(200);
    expect(await remaining()).toMatchObject({ remainingPosts: 1, nbPost: 1 });
    expect((await publish('Oignons')).statusCode).toBe(201);
    expect((await publish('Carottes')).statusCode).toBe(403);

    // The counter is the number of the subscription's existing publications.
    const db = t.current.database.db;
    const [subscription] = await db
      .select()
      .from(sellerSubscriptions)
      .where(eq(sellerSubscriptions.id, seller.subscription.id));
    const rows = await db
      .select()
      .from(publications)
      .where(eq(publications.sellerSubscriptionId, seller.subscription.id));
    expect(subscription?.postsUsed).toBe(rows.length);
    expect(rows.map((r) => r.productName).sort()).toEqual(['Oignons', 'Poivrons']);
  });
});

describe('GET /api/publications/my-publications and /one/{id}', () => {
  it('answers 205 with no body when the caller has none, 200 with their own otherwise', async () => {
    const seller = await sellerWithSubscription(t.current);
    const empty = await get('/api/publications/my-publications', seller.headers);
    expect(empty.statusCode).toBe(205);
    expect(empty.body).toBe('');

    await post(seller.headers, publicationFields(seller.subscription.id, { productName: 'Mien 1' }));
    await post(seller.headers, publicationFields(seller.subscription.id, { productName: 'Mien 2' }));
    const other = await sellerWithSubscription(t.current);
    await post(other.headers, publicationFields(other.subscription.id, { productName: 'Pas à moi' }));
    const mine = await get('/api/publications/my-publications', seller.headers);
    expect(mine.statusCode).toBe(200);
    expect(json<PublicationOut[]>(mine).map((p) => p.nomProduit)).toEqual(['Mien 2', 'Mien 1']);
    expect((await get('/api/publications/my-publications')).statusCode).toBe(401);
  });

  it('answers 404 for a missing publication and 400 for a bad id', async () => {
    expect((await get('/api/publications/one/99999999')).statusCode).toBe(404);
    expect((await get('/api/publications/one/abc')).statusCode).toBe(400);
  });
});
