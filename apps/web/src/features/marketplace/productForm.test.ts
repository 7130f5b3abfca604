import { PublicationInput } from '@filaha/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT, ProductForm } from './productForm.ts';

/** Issue 28 §1: the API accepts a publication without a unit, the web form still asks for one. */
describe('the product form', () => {
  const filled = {
    ...EMPTY_PRODUCT,
    productName: 'Tomates',
    quantity: '30',
    price: '80',
    location: 'Blida',
    phone: '0555123456',
  };

  it('requires a unit from the list', () => {
    for (const unit of ['', '  ', undefined, null]) {
      const parsed = ProductForm.safeParse({ ...filled, unit });
      expect(parsed.success, String(unit)).toBe(false);
      expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['unit'], message: 'validation.unit' })]);
    }
    expect(ProductForm.safeParse({ ...filled, unit: 'quintal' }).data?.unit).toBe('quintal');
  });

  it('while the API schema takes none', () => {
    const parsed = PublicationInput.safeParse({ ...filled, unit: undefined, sellerAbonnementUserId: 1 });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.unit).toBeUndefined();
  });
});
