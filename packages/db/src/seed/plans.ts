/** Catalogue seed data: functionalities, demo farmer plans and demo seller plans. */
export const SEED_FUNCTIONALITIES = [
  { name: 'Imagerie satellitaire des parcelles', psudo: 'imagerie' },
  { name: 'Statistiques de végétation', psudo: 'statistiques' },
  { name: 'Historique des analyses', psudo: 'historique' },
  { name: 'Recommandations agronomiques', psudo: 'conseils' },
  { name: 'Téléchargement des données brutes', psudo: 'export' },
  { name: 'Support prioritaire', psudo: 'support' },
  { name: 'Publication de produits', psudo: 'publication' },
  { name: 'Mise en avant des annonces', psudo: 'priorité' },
] as const;

type FunctionalityName = (typeof SEED_FUNCTIONALITIES)[number]['name'];
type IndexCode = 'NDVI' | 'NDMI' | 'NDWI' | 'NDRE' | 'MSAVI';

export interface SeedPlan {
  name: string;
  clientName: string;
  prices: string;
  descriptionFr: string;
  descriptionAr: string;
  requests: Partial<Record<IndexCode, number>>;
  functionalities: FunctionalityName[];
}

/** The /offre packs as purchasable plans (prices in DA per year). */
export const SEED_PLANS: SeedPlan[] = [
  {
    name: 'Basic',
    clientName: 'Exploitations de 1 à 10 ha',
    prices: '15000 DA/an',
    descriptionFr: 'Pour les petites exploitations : NDVI, NDMI et NDWI, 6 analyses par indice.',
    descriptionAr: 'للمستثمرات الصغيرة: مؤشرات NDVI وNDMI وNDWI، 6 تحاليل لكل مؤشر.',
    requests: { NDVI: 6, NDMI: 6, NDWI: 6 },
    functionalities: ['Imagerie satellitaire des parcelles', 'Statistiques de végétation', 'Historique des analyses'],
  },
  {
    name: 'Standard',
    clientName: 'Exploitations de 10 à 50 ha',
    prices: '40000 DA/an',
    descriptionFr: 'Les cinq indices, 12 analyses par indice, recommandations et export des données.',
    descriptionAr: 'المؤشرات الخمسة، 12 تحليلا لكل مؤشر، مع التوصيات وتنزيل البيانات.',
    requests: { NDVI: 12, NDMI: 12, NDWI: 12, NDRE: 12, MSAVI: 12 },
    functionalities: [
      'Imagerie satellitaire des parcelles',
      'Statistiques de végétation',
      'Historique des analyses',
      'Recommandations agronomiques',
      'Téléchargement des données brutes',
    ],
  },
  {
    name: 'Premium',
    clientName: 'Exploitations de plus de 50 ha',
    prices: '90000 DA/an',
    descriptionFr: 'Les cinq indices, 30 analyses par indice et un support prioritaire.',
    descriptionAr: 'المؤشرات الخمسة، 30 تحليلا لكل مؤشر مع دعم ذي أولوية.',
    requests: { NDVI: 30, NDMI: 30, NDWI: 30, NDRE: 30, MSAVI: 30 },
    functionalities: [
      'Imagerie satellitaire des parcelles',
      'Statistiques de végétation',
      'Historique des analyses',
      'Recommandations agronomiques',
      'Téléchargement des données brutes',
      'Support prioritaire',
    ],
  },
];

export interface SeedSellerPlan {
  name: string;
  clientName: string;
  price: number;
  postLimit: number | null;
  priority: number;
  description: string;
  functionalities: FunctionalityName[];
}

export const SEED_SELLER_PLANS: SeedSellerPlan[] = [
  {
    name: 'Vendeur Essentiel',
    clientName: 'Vendeurs occasionnels',
    price: 3000,
    postLimit: 5,
    priority: 1,
    description: "Jusqu'à 5 annonces par an.",
    functionalities: ['Publication de produits'],
  },
  {
    name: 'Vendeur Pro',
    clientName: 'Fournisseurs, distributeurs et coopératives',
    price: 12000,
    postLimit: null,
    priority: 2,
    description: 'Annonces illimitées, mises en avant dans la marketplace.',
    functionalities: ['Publication de produits', 'Mise en avant des annonces'],
  },
];

/** Plans the demo accounts hold. */
export const DEMO_FARMER_PLAN = 'Standard';
export const DEMO_SELLER_PLAN = 'Vendeur Pro';
