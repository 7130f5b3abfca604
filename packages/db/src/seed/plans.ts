/**
 * Catalogue seed data: functionalities, demo farmer plans and demo seller plans, in French and Arabic (migration
 * 0010 gives databases seeded before the Arabic columns the same Arabic texts).
 */
export const SEED_FUNCTIONALITIES = [
  { name: 'Imagerie satellitaire des parcelles', nameAr: 'صور الأقمار الصناعية للقطع الأرضية', psudo: 'imagerie' },
  { name: 'Statistiques de végétation', nameAr: 'إحصائيات الغطاء النباتي', psudo: 'statistiques' },
  { name: 'Historique des analyses', nameAr: 'سجل التحاليل', psudo: 'historique' },
  { name: 'Recommandations agronomiques', nameAr: 'توصيات زراعية', psudo: 'conseils' },
  { name: 'Téléchargement des données brutes', nameAr: 'تنزيل البيانات الخام', psudo: 'export' },
  { name: 'Support prioritaire', nameAr: 'دعم ذو أولوية', psudo: 'support' },
  { name: 'Publication de produits', nameAr: 'نشر المنتجات', psudo: 'publication' },
  { name: 'Mise en avant des annonces', nameAr: 'إبراز الإعلانات', psudo: 'priorité' },
  // Issue 31 §2: the water advice (GET /parcelle/:id/water) is served to plans holding this one, by its psudo.
  { name: "Conseil d'irrigation et suivi de la sécheresse", nameAr: 'نصائح الري ومتابعة الجفاف', psudo: 'irrigation' },
] as const;

type FunctionalityName = (typeof SEED_FUNCTIONALITIES)[number]['name'];
type IndexCode = 'NDVI' | 'NDMI' | 'NDWI' | 'NDRE' | 'MSAVI';

export interface SeedPlan {
  name: string;
  nameAr: string;
  clientName: string;
  clientNameAr: string;
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
    nameAr: 'الأساسي',
    clientName: 'Exploitations de 1 à 10 ha',
    clientNameAr: 'المستثمرات من 1 إلى 10 هكتارات',
    prices: '15000 DA/an',
    descriptionFr: 'Pour les petites exploitations : NDVI, NDMI et NDWI, 6 analyses par indice.',
    descriptionAr: 'للمستثمرات الصغيرة: مؤشرات NDVI وNDMI وNDWI، 6 تحاليل لكل مؤشر.',
    requests: { NDVI: 6, NDMI: 6, NDWI: 6 },
    functionalities: ['Imagerie satellitaire des parcelles', 'Statistiques de végétation', 'Historique des analyses'],
  },
  {
    name: 'Standard',
    nameAr: 'القياسي',
    clientName: 'Exploitations de 10 à 50 ha',
    clientNameAr: 'المستثمرات من 10 إلى 50 هكتارًا',
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
      "Conseil d'irrigation et suivi de la sécheresse",
    ],
  },
  {
    name: 'Premium',
    nameAr: 'المميّز',
    clientName: 'Exploitations de plus de 50 ha',
    clientNameAr: 'المستثمرات التي تفوق 50 هكتارًا',
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
      "Conseil d'irrigation et suivi de la sécheresse",
    ],
  },
];

export interface SeedSellerPlan {
  name: string;
  nameAr: string;
  clientName: string;
  clientNameAr: string;
  price: number;
  postLimit: number | null;
  priority: number;
  description: string;
  descriptionAr: string;
  functionalities: FunctionalityName[];
}

export const SEED_SELLER_PLANS: SeedSellerPlan[] = [
  {
    name: 'Vendeur Essentiel',
    nameAr: 'البائع الأساسي',
    clientName: 'Vendeurs occasionnels',
    clientNameAr: 'البائعون العرضيون',
    price: 3000,
    postLimit: 5,
    priority: 1,
    description: "Jusqu'à 5 annonces par an.",
    descriptionAr: 'حتى 5 إعلانات في السنة.',
    functionalities: ['Publication de produits'],
  },
  {
    name: 'Vendeur Pro',
    nameAr: 'البائع المحترف',
    clientName: 'Fournisseurs, distributeurs et coopératives',
    clientNameAr: 'الموردون والموزعون والتعاونيات',
    price: 12000,
    postLimit: null,
    priority: 2,
    description: 'Annonces illimitées, mises en avant dans la marketplace.',
    descriptionAr: 'إعلانات غير محدودة، مع إبرازها في السوق.',
    functionalities: ['Publication de produits', 'Mise en avant des annonces'],
  },
];

/** Plans the demo accounts hold. */
export const DEMO_FARMER_PLAN = 'Standard';
export const DEMO_SELLER_PLAN = 'Vendeur Pro';
