import type { PublicationRow } from '@filaha/db';
import type { Publication } from '@filaha/shared/contracts';

/** Where the API serves publication photos (public, cached for a year: keys are never reused). */
export const IMAGE_ROUTE = '/api/publications/images/';
/** Storage keys live under this prefix; the image route serves nothing else. */
export const IMAGE_KEY_PREFIX = 'publications/';

export function imageUrl(key: string): string {
  return `${IMAGE_ROUTE}${key.slice(IMAGE_KEY_PREFIX.length)}`;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Internal English names → the contract's French field names (ARCHITECTURE §4). */
export function toPublication(row: PublicationRow): Publication {
  const images =
    typeof row.images === 'string' ? (JSON.parse(row.images) as Exclude<PublicationRow['images'], string>) : row.images;
  return {
    id: row.id,
    nomProduit: row.productName,
    prixUnitaire: Number(row.unitPrice),
    addresse: row.address,
    phoneNumber: row.phone,
    quantité: Number(row.quantity),
    unit: row.unit,
    etat: row.state,
    images: images.map((image) => ({
      id: image.id,
      imagePath: imageUrl(image.key),
      thumbPath: imageUrl(image.thumbnailKey ?? image.key),
    })),
    seller: {
      id: row.userId,
      userName: row.userName,
      sellerRole:
        row.sellerRoleId === null
          ? null
          : { id: row.sellerRoleId, roleName: row.sellerRoleName ?? '', roleNameAr: row.sellerRoleNameAr ?? '' },
      wilaya: row.wilayaId,
    },
    userId: row.userId,
    sellerAbonnementUserId: row.sellerSubscriptionId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
