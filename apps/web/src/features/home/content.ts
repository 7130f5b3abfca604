/**
 * Site content that is data rather than interface text: partners and contact details live here, in one
 * place, so the team can update them without touching components. Partner logos are text monograms
 * drawn by `PartnerLogo` (no third-party trademark is copied). The institutions are plausible examples
 * for the demo and must be confirmed before a public launch.
 */
export interface Bilingual {
  ar: string;
  fr: string;
}

export interface Partner {
  id: string;
  /** Short monogram drawn as the logo. */
  monogram: string;
  name: Bilingual;
  description: Bilingual;
  website: string;
  /** Logo background; chosen for white-text contrast ≥ 4.5:1. */
  color: string;
}

export const PARTNERS: readonly Partner[] = [
  {
    id: 'asal',
    monogram: 'ASAL',
    name: { ar: 'الوكالة الفضائية الجزائرية', fr: 'Agence Spatiale Algérienne' },
    description: { ar: 'رصد الأرض والصور الفضائية', fr: 'Observation de la Terre et imagerie spatiale' },
    website: 'https://asal.dz',
    color: '#1e3a8a',
  },
  {
    id: 'inraa',
    monogram: 'INRAA',
    name: { ar: 'المعهد الوطني للبحث الزراعي', fr: "Institut National de la Recherche Agronomique d'Algérie" },
    description: { ar: 'البحث في الزراعات والتربة', fr: 'Recherche sur les cultures et les sols' },
    website: 'https://www.inraa.dz',
    color: '#166534',
  },
  {
    id: 'ensa',
    monogram: 'ENSA',
    name: { ar: 'المدرسة الوطنية العليا للفلاحة', fr: 'École Nationale Supérieure Agronomique' },
    description: { ar: 'تكوين المهندسين الزراعيين بالحراش', fr: 'Formation des ingénieurs agronomes à El Harrach' },
    website: 'https://www.ensa.dz',
    color: '#7c2d12',
  },
  {
    id: 'itgc',
    monogram: 'ITGC',
    name: { ar: 'المعهد التقني للزراعات الكبرى', fr: 'Institut Technique des Grandes Cultures' },
    description: { ar: 'الحبوب والبقول الجافة والأعلاف', fr: 'Céréales, légumes secs et fourrages' },
    website: 'https://www.itgc.dz',
    color: '#854d0e',
  },
  {
    id: 'cnma',
    monogram: 'CNMA',
    name: { ar: 'الصندوق الوطني للتعاضدية الفلاحية', fr: 'Caisse Nationale de Mutualité Agricole' },
    description: { ar: 'التأمين الفلاحي', fr: 'Assurance agricole' },
    website: 'https://www.cnma.dz',
    color: '#0f766e',
  },
  {
    id: 'onm',
    monogram: 'ONM',
    name: { ar: 'الديوان الوطني للأرصاد الجوية', fr: 'Office National de la Météorologie' },
    description: { ar: 'التوقعات الجوية والمناخ', fr: 'Prévisions météorologiques et climat' },
    website: 'https://www.meteo.dz',
    color: '#155e75',
  },
];

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'youtube';

/**
 * Social pages. The phone, e-mail and address are settings of the deployment (CONTACT_* variables, read through
 * GET /api/settings/public by lib/publicSettings.ts) and shown only when set.
 */
export const CONTACT = {
  social: [
    { network: 'facebook', url: 'https://www.facebook.com/filaha.dz' },
    { network: 'instagram', url: 'https://www.instagram.com/filaha.dz' },
    { network: 'linkedin', url: 'https://www.linkedin.com/company/filaha-dz' },
    { network: 'youtube', url: 'https://www.youtube.com/@filaha-dz' },
  ] satisfies ReadonlyArray<{ network: SocialNetwork; url: string }>,
} as const;
